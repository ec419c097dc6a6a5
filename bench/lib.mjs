// What the benchmarks share: the production build served on workerd with its own fresh database, a signed-in
// account made through the development outbox, and percentiles.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, mkdirSync, mkdtempSync, openSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { apyInstalled, freePort, INSTALL_HINT, startApy } from "../scripts/apertium/apy.mjs";
import { seedFiles } from "../scripts/local-db.mjs";
import { d1DelayEntry } from "./d1-delay-entry.mjs";
import { startD1Server } from "./d1-server.mjs";
import { bin, offlineEnv, projectRoot } from "../scripts/offline-env.mjs";

const env = offlineEnv();

/**
 * A fresh folder for a bench's local storage (D1, Durable Objects): under BENCH_PERSIST_DIR when set, else under
 * .wrangler/ (made if a fresh clone has none yet). The caller removes it.
 */
export function benchStorageDir(prefix) {
  const parent = process.env.BENCH_PERSIST_DIR ?? path.join(projectRoot, ".wrangler");
  mkdirSync(parent, { recursive: true });
  return mkdtempSync(path.join(parent, prefix));
}

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

/** The production build on Miniflare: workerd with the app's own bindings, and no dev proxy in front. */
async function serveWithMiniflare(settings, persistTo, d1) {
  Object.assign(process.env, env);
  const { Miniflare, convertV4MiniflareOptions } = await import("miniflare");
  const { unstable_getMiniflareWorkerOptions } = await import("wrangler");
  const serverDir = path.join(projectRoot, "build", "server");
  const workerLog = process.env.BENCH_LOG ? createWriteStream(process.env.BENCH_LOG) : null;
  const { workerOptions } = unstable_getMiniflareWorkerOptions(path.join(serverDir, "wrangler.json"));
  // Workers AI has no local emulation (it would call Cloudflare): the benches configure other engines.
  delete workerOptions.ai;
  const d1Server = d1?.ownProcess ? await startD1Server(persistTo, workerOptions.d1Databases) : null;
  const entry = d1 ? d1DelayEntry(d1.delayMs ?? 0, { serverUrl: d1Server?.url }) : undefined;
  // The build is already bundled: every module it may import, listed for workerd.
  // A bench may serve the build through its own entry module (which imports ./index.js), e.g. to wrap a binding.
  const entryFile = entry ? "bench-entry.js" : "index.js";
  if (entry) writeFileSync(path.join(serverDir, entryFile), entry);
  const modules = [
    entryFile,
    ...(entry ? ["index.js"] : []),
    ...readdirSync(path.join(serverDir, "assets"))
      .filter((file) => file.endsWith(".js"))
      .map((file) => `assets/${file}`),
  ];
  // wrangler hands out its options in Miniflare 4's shape; Miniflare 5 converts them itself.
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      ...workerOptions,
      name: "parley",
      modulesRoot: serverDir,
      modules: modules.map((file) => ({ type: "ESModule", path: path.join(serverDir, file) })),
      bindings: { ...workerOptions.bindings, ...settings },
      host: "127.0.0.1",
      port: await freePort(),
      // Where `wrangler d1 migrations apply --persist-to` left the migrated database (in v3/d1; one folder a resource).
      resourcePersistencePath: path.join(persistTo, "v3"),
      // The Worker's console (the development outbox prints every email) goes to BENCH_LOG, or nowhere.
      handleStructuredLogs: ({ level, message }) => {
        workerLog?.write(`${level}: ${message}\n`);
      },
    }),
  );
  const origin = await mf.ready.then(
    (url) => new URL(url).origin,
    async (error) => {
      await d1Server?.stop();
      throw error;
    },
  );
  const stop = async () => {
    await mf.dispose();
    await d1Server?.stop();
    workerLog?.end();
    if (entry) rmSync(path.join(serverDir, entryFile), { force: true });
  };
  // With D1 in its own process, the app's workerd never opens the database: the bench reads it there too.
  const db = d1Server ? null : await mf.getD1Database("DB");
  const query = d1Server?.query ?? (async (statement) => (await db.prepare(statement).all()).results);
  return { origin, stop, query };
}

/** The production build behind `wrangler dev --local` (what `npm start` runs), with its dev proxy Worker in front. */
async function serveWithWranglerDev(settings, persistTo) {
  const port = await freePort();
  const log = process.env.BENCH_LOG ? openSync(process.env.BENCH_LOG, "w") : "ignore";
  const vars = Object.entries(settings).flatMap(([name, value]) => ["--var", `${name}:${value}`]);
  const server = spawn(
    bin("wrangler"),
    ["dev", "--local", "--ip", "127.0.0.1", "--port", String(port), "--persist-to", persistTo, "--show-interactive-dev-session=false", ...vars],
    {
      cwd: projectRoot,
      env,
      stdio: ["ignore", log, log],
      detached: true,
    },
  );
  return {
    origin: `http://127.0.0.1:${port}`,
    stop: () => server.pid && process.kill(-server.pid, "SIGTERM"),
    query: async (statement) =>
      JSON.parse(run("wrangler", ["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--json", "--command", statement]))[0].results,
  };
}

/**
 * Builds (unless BENCH_SKIP_BUILD=1), migrates a fresh local database and serves the app with the given settings
 * (NAME:value, as `wrangler dev --var` takes them). It runs on Miniflare, the workerd host wrangler itself uses,
 * so that the figures are the app's and not those of wrangler dev's proxy Worker (a dev-only hop that costs about
 * 5 ms a request here); BENCH_SERVER=wrangler-dev serves it the way `npm start` does instead. BENCH_LOG=file keeps
 * the Worker's console output. BENCH_PERSIST_DIR=folder keeps the local D1 and Durable Object storage there instead
 * of under .wrangler/ (e.g. /dev/shm, to tell the disk's flushes apart from the app's own time). `d1` (Miniflare
 * only) serves the build through bench/d1-delay-entry.mjs: `{ delayMs }` answers every D1 call that late, and
 * `ownProcess: true` moves D1 to a workerd of its own (bench/d1-server.mjs), off the thread that runs the app.
 * `seeds` adds the demo content (seeds/*.sql) to the fresh database.
 */
export async function startApp({ vars = [], readyPath = "/robots.txt", d1 = undefined, seeds = false } = {}) {
  if (!process.env.BENCH_SKIP_BUILD) run("react-router", ["build"]);
  const persistTo = benchStorageDir("bench-");
  run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo]);
  for (const seed of seeds ? seedFiles() : []) {
    run("wrangler", ["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--file", path.join(projectRoot, "seeds", seed)]);
  }
  const settings = Object.fromEntries(
    [`AUTH_SECRET:${randomBytes(48).toString("base64url")}`, "DEV_OUTBOX:1", ...vars].map((setting) => {
      const colon = setting.indexOf(":");
      return [setting.slice(0, colon), setting.slice(colon + 1)];
    }),
  );
  const server =
    process.env.BENCH_SERVER === "wrangler-dev" && !d1
      ? await serveWithWranglerDev(settings, persistTo)
      : await serveWithMiniflare(settings, persistTo, d1);
  const { origin } = server;
  const stop = async () => {
    await server.stop();
    rmSync(persistTo, { recursive: true, force: true });
  };
  try {
    await waitFor(`${origin}${readyPath}`);
  } catch (error) {
    await stop();
    throw error;
  }

  /** Signs up and confirms through the development outbox; returns the session's Cookie header. */
  async function signedInCookie(email) {
    const headers = { "content-type": "application/json", origin };
    const signUp = await fetch(`${origin}/api/auth/signup`, {
      method: "POST",
      headers,
      body: JSON.stringify({ email, password: "violet-harbour-lantern-42", altcha: await solvedProof(origin) }),
    });
    if (!signUp.ok) throw new Error(`sign-up: ${signUp.status}`);
    const [mail] = await server.query(`SELECT text FROM mail_outbox WHERE "to" = '${email}'`);
    const link = new URL(/https?:\/\/\S+/.exec(mail.text)[0]);
    const verified = await fetch(`${origin}/api/auth/verify`, {
      method: "POST",
      headers,
      body: JSON.stringify({ type: link.searchParams.get("type"), token_hash: link.searchParams.get("token_hash") }),
    });
    if (!verified.ok) throw new Error(`verify: ${verified.status}`);
    return verified.headers
      .getSetCookie()
      .map((value) => value.split(";")[0])
      .join("; ");
  }

  return { origin, stop, signedInCookie, query: server.query };
}

/**
 * A solved proof for the automatic human check (docs/decisions/0018-bot-protection.md), as the widget sends it:
 * sign-up and the other protected routes need one. Solved here, with the same library the widget runs.
 */
export async function solvedProof(origin) {
  const { solveChallenge } = await import("altcha-lib");
  const { deriveKey } = await import("altcha-lib/algorithms/web/pbkdf2");
  const challenge = await (await fetch(`${origin}/api/altcha/challenge`)).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  return btoa(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }));
}

/**
 * The app with Apertium APY as its only translation engine, on loopback; exits with the install hint when APY is
 * missing. `stop` stops both; `apy` is the engine itself, for benches that call it directly. `options` go to startApp.
 */
export async function startAppWithApertium(options = {}) {
  if (!apyInstalled()) {
    console.error(INSTALL_HINT);
    process.exit(1);
  }
  const apy = await startApy({ port: await freePort() });
  try {
    const app = await startApp({ ...options, vars: [`APERTIUM_URL:${apy.url}`, "TRANSLATION_ENGINES:apertium"] });
    const stop = async () => {
      await app.stop();
      apy.stop();
    };
    return { ...app, apy, stop };
  } catch (error) {
    apy.stop();
    throw error;
  }
}
