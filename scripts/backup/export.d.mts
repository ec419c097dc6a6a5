// Types for export.mjs.
import type { CommandEnv } from "../offline-env.mjs";
import type { Log } from "../deploy/runner.mjs";

export type BackupFiles = { schema: string; data: string };

export const DROP_SEARCH_INDEX: string;
export const RESTORE_SEARCH_INDEX: string;
export function backupFiles(outDir: string, now?: Date): BackupFiles;
export function exportDatabase(options: {
  root: string;
  wrangler: string;
  env: CommandEnv;
  where: "--remote" | "--local";
  files: BackupFiles;
  log?: Log;
  stdio?: "inherit" | "pipe";
}): number;
