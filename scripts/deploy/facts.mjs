// The facts the deploy checks need, gathered from disk and from wrangler.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "smol-toml";

export function wranglerConfigPath(root) {
  return path.join(root, "wrangler.toml");
}

/** The user's wrangler.toml, not the build's copy: the checks must judge what the next build will contain. */
export function readWranglerConfig(root) {
  const file = wranglerConfigPath(root);
  try {
    return parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new Error(`Could not read ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * Secret names from `wrangler secret list --format json` (an array of { name, type }). Wrangler may print notices
 * on stdout before it, so the array is taken from its first line that opens one.
 */
export function parseSecretList(stdout) {
  const start = stdout.search(/^\[/m);
  if (start === -1) throw new Error("wrangler secret list printed no JSON list");
  const list = JSON.parse(stdout.slice(start));
  if (!Array.isArray(list) || !list.every((entry) => typeof entry?.name === "string")) {
    throw new Error("wrangler secret list printed something other than a list of { name }");
  }
  return list.map((entry) => entry.name);
}

/** Asks Cloudflare which secrets the Worker has. Explicit --config: a stale build's copy could name another Worker. */
export function listSecretNames({ wrangler, root, env }) {
  const args = ["secret", "list", "--format", "json", "--config", wranglerConfigPath(root)];
  const result = spawnSync(wrangler, args, { cwd: root, env, encoding: "utf8" });
  if (result.error || result.status !== 0) {
    const detail = (result.error?.message ?? `${result.stderr}\n${result.stdout}`).trim();
    return { ok: false, message: `\`wrangler ${args.slice(0, 4).join(" ")}\` failed${detail ? `:\n${detail}` : "."}` };
  }
  try {
    return { ok: true, names: parseSecretList(result.stdout) };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}
