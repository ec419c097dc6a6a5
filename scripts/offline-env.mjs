// The environments wrangler-based commands run with. Local commands: no telemetry, no calls to Cloudflare,
// and wrangler's own config and logs kept inside the project (see the README, Other scripts). Remote commands: the same
// without telemetry, but with the user's own wrangler config (remoteEnv).
// First: every script that imports this one runs on a supported Node (re-run under it when needed).
import "./supported-node.mjs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Where local commands keep wrangler's config, so that they never read or write the user's own. */
export const offlineConfigHome = path.join(projectRoot, ".wrangler", "config");

const quietWrangler = {
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_HIDE_BANNER: "true",
  WRANGLER_SEND_ERROR_REPORTS: "false",
  WRANGLER_LOG_PATH: path.join(projectRoot, ".wrangler", "logs"),
};

export function offlineEnv(extra = {}) {
  return { ...process.env, ...quietWrangler, XDG_CONFIG_HOME: offlineConfigHome, ...extra };
}

/**
 * For the commands that talk to Cloudflare (deploy, remote migrations, remote queries, secret list): still no
 * telemetry, but wrangler's config is the user's own, because that is where `wrangler login` keeps the token.
 * Only our project-local XDG_CONFIG_HOME is dropped; a user's own XDG_CONFIG_HOME is where their login lives.
 */
export function remoteEnv(base = process.env) {
  const env = { ...base, ...quietWrangler };
  if (env.XDG_CONFIG_HOME === offlineConfigHome) delete env.XDG_CONFIG_HOME;
  return env;
}

/** Path of a locally installed CLI: servers are started directly, never through npx, so stopping them stops the server. */
export function bin(name) {
  return path.join(projectRoot, "node_modules", ".bin", name);
}
