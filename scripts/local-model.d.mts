// Types for local-model.mjs, for the TypeScript tests that use it.
export type ModelServer = { name: string; baseUrl: string };
export type FoundModel = ModelServer & { model: string | null };
export type ProbeOptions = { servers?: ModelServer[]; timeoutMs?: number };

export const LOCAL_MODEL_SERVERS: ModelServer[];
export const PROBE_TIMEOUT_MS: number;
export function listModels(baseUrl: string, options?: { timeoutMs?: number }): Promise<string[] | null>;
export function findLocalModel(servers?: ModelServer[], options?: { timeoutMs?: number }): Promise<FoundModel | null>;
export function parseDevVars(text: string): Record<string, string>;
export function configuresOpenAi(devVars: Record<string, string | undefined>): boolean;
export function localModelVars(found: FoundModel | null, devVars?: Record<string, string | undefined>): string[];
export function localModelSetup(devVars?: Record<string, string | undefined>, options?: ProbeOptions): Promise<{ vars: string[]; message: string }>;
