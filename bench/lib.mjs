// What the benchmarks share: the production build served by `wrangler dev --local` with its own fresh
// database, a signed-in account made through the development outbox, and percentiles.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, openSync, rmSync } from "node:fs";
import path from "node:path";
import { freePort } from "../scripts/apertium/apy.mjs";
import { bin, offlineEnv, projectRoot } from "../scripts/offline-env.mjs";

const env = offlineEnv();

export const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** Runs a project CLI (wrangler, react-router) to completion; returns its output. */
export function run(cli, args) {
  const result = spawnSync(bin(cli), args, { cwd: projectRoot, env, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${cli} ${args.join(" ")} failed:\n${result.stderr}`);
  return result.stdout;
}

async function waitFor(url) {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no answer from ${url}`);
}

/**
 * Builds (unless BENCH_SKIP_BUILD=1), migrates a fresh local database and serves the app with the given
 * `--var` settings (NAME:value). BENCH_LOG=file keeps the Worker's console output.
 */
export async function startApp({ vars = [], readyPath = "/robots.txt" } = {}) {
  if (!process.env.BENCH_SKIP_BUILD) run("react-router", ["build"]);
  const persistTo = mkdtempSync(path.join(projectRoot, ".wrangler", "bench-"));
  run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo]);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const allVars = [`AUTH_SECRET:${randomBytes(48).toString("base64url")}`, "DEV_OUTBOX:1", ...vars];
  const log = process.env.BENCH_LOG ? openSync(process.env.BENCH_LOG, "w") : "ignore";
  const server = spawn(bin("wrangler"), ["dev", "--local", "--ip", "127.0.0.1", "--port", String(port), "--persist-to", persistTo, "--show-interactive-dev-session=false", ...allVars.flatMap((value) => ["--var", value])], {
    cwd: projectRoot,
    env,
    stdio: ["ignore", log, log],
    detached: true,
  });
  const stop = () => {
    if (server.pid) process.kill(-server.pid, "SIGTERM");
    rmSync(persistTo, { recursive: true, force: true });
  };
  try {
    await waitFor(`${origin}${readyPath}`);
  } catch (error) {
    stop();
    throw error;
  }

  /** Signs up and confirms through the development outbox; returns the session's Cookie header. */
  async function signedInCookie(email) {
    const headers = { "content-type": "application/json", origin };
    const signUp = await fetch(`${origin}/api/auth/signup`, { method: "POST", headers, body: JSON.stringify({ email, password: "violet-harbour-lantern-42" }) });
    if (!signUp.ok) throw new Error(`sign-up: ${signUp.status}`);
    const rows = JSON.parse(run("wrangler", ["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--json", "--command", `SELECT text FROM mail_outbox WHERE "to" = '${email}'`]));
    const link = new URL(/https?:\/\/\S+/.exec(rows[0].results[0].text)[0]);
    const verified = await fetch(`${origin}/api/auth/verify`, { method: "POST", headers, body: JSON.stringify({ type: link.searchParams.get("type"), token_hash: link.searchParams.get("token_hash") }) });
    if (!verified.ok) throw new Error(`verify: ${verified.status}`);
    return verified.headers.getSetCookie().map((value) => value.split(";")[0]).join("; ");
  }

  return { origin, stop, signedInCookie };
}
