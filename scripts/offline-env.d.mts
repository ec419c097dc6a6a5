// Types for offline-env.mjs, for the TypeScript tests that use it.
export type CommandEnv = Record<string, string | undefined>;

export const projectRoot: string;
export const offlineConfigHome: string;
export function offlineEnv(extra?: CommandEnv): NodeJS.ProcessEnv;
export function remoteEnv(base?: CommandEnv): NodeJS.ProcessEnv;
export function bin(name: string): string;
