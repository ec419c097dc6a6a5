// Types for checks.mjs (the scripts are plain ESM that Node runs as they are).
export type Finding = { code: string; message: string };

/** The parts of a parsed wrangler.toml the checks read. */
export type WranglerConfig = {
  name?: string;
  vars?: Record<string, unknown>;
  d1_databases?: { binding?: string; database_name?: string; database_id?: string }[];
};

export const DATABASE_BINDING: string;
export const PLACEHOLDER_DATABASE_ID: string;
export function configRefusals(config: WranglerConfig): Finding[];
export function deployChecks(facts: { config: WranglerConfig; secretNames: readonly string[] }): { refusals: Finding[]; warnings: Finding[] };
