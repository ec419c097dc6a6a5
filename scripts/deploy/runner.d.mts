// Types for runner.mjs.
import type { CommandEnv } from "../offline-env.mjs";
export type Log = { log(message: string): void; warn(message: string): void; error(message: string): void };
export type RunnerOptions = {
  /** Folder holding wrangler.toml; every command runs there. */
  root?: string;
  /** The executables to run; tests pass recording fakes. */
  bins?: { wrangler: string; reactRouter: string };
  /** The environment remote commands start from (remoteEnv of it). */
  baseEnv?: CommandEnv;
  log?: Log;
};

export function deploy(options?: RunnerOptions): number;
export function migrateRemote(options?: RunnerOptions): number;
