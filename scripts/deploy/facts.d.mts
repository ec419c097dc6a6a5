// Types for facts.mjs.
import type { CommandEnv } from "../offline-env.mjs";
import type { WranglerConfig } from "./checks.mjs";

export function wranglerConfigPath(root: string): string;
export function readWranglerConfig(root: string): WranglerConfig;
export function parseSecretList(stdout: string): string[];
export function listSecretNames(options: {
  wrangler: string;
  root: string;
  env: CommandEnv;
}): { ok: true; names: string[] } | { ok: false; message: string };
