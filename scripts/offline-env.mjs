// The environment every wrangler-based command runs with: no telemetry, no calls to Cloudflare,
// and wrangler's own config and logs kept inside the project (see shared/STACK.md).
// First: every script that imports this one runs on a supported Node (re-run under it when needed).
import "./supported-node.mjs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export function offlineEnv(extra = {}) {
  return {
    ...process.env,
    WRANGLER_SEND_METRICS: "false",
    CLOUDFLARE_CF_FETCH_ENABLED: "false",
    WRANGLER_HIDE_BANNER: "true",
    WRANGLER_SEND_ERROR_REPORTS: "false",
    XDG_CONFIG_HOME: path.join(projectRoot, ".wrangler", "config"),
    WRANGLER_LOG_PATH: path.join(projectRoot, ".wrangler", "logs"),
    ...extra,
  };
}

/** Path of a locally installed CLI: servers are started directly, never through npx, so stopping them stops the server. */
export function bin(name) {
  return path.join(projectRoot, "node_modules", ".bin", name);
}
