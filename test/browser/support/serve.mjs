#!/usr/bin/env node
// The app as the browser tests see it, started by playwright.config.ts's webServer: the production build on
// `wrangler dev --local` at 127.0.0.1:$PARLEY_BROWSER_PORT, with a fresh local database, Apertium APY and the
// scripted chat model (test/support/scripted-openai.mjs) on loopback ports of their own.
// On SIGTERM or SIGINT it stops all of them and deletes the database. PARLEY_SKIP_BUILD=1 reuses build/.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { copyFileSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { freePort, startApy } from "../../../scripts/apertium/apy.mjs";
import { bin, offlineEnv, projectRoot } from "../../../scripts/offline-env.mjs";
import { startScriptedOpenAi } from "../../support/scripted-openai.mjs";

const port = process.env.PARLEY_BROWSER_PORT;
if (!port) {
  console.error("serve.mjs: set PARLEY_BROWSER_PORT (playwright.config.ts does)");
  process.exit(2);
}

/** The server's settings: its own signing key, the dev outbox, and one owner address. */
const TEST_VARS = {
  AUTH_SECRET: randomBytes(48).toString("base64url"),
  DEV_OUTBOX: "1",
  OWNER_EMAILS: "owner@parley.test",
  // The key of fixture-worker.js's route: playwright.config.ts chooses it, so the tests' workers know it too.
  FIXTURE_TOKEN: process.env.PARLEY_FIXTURE_TOKEN || randomBytes(24).toString("base64url"),
};

/** What is running, so that a stop at any point stops exactly that. */
const started = { apy: undefined, chatModel: undefined, wrangler: undefined, persistTo: undefined };
let stopping;

const say = (line) => console.log(`[serve] ${line}`);

/** Runs a project CLI to its end; its output is shown only if it fails. */
function run(cli, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(bin(cli), args, { cwd: projectRoot, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${cli} ${args.join(" ")} failed (${signal ?? code}):\n${output}`));
    });
  });
}

async function build() {
  const startedAt = Date.now();
  // A test runner may set NODE_ENV=test, which would make `react-router build` ship React's development build.
  await run("react-router", ["build"], offlineEnv({ NODE_ENV: "production" }));
  say(`built in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
}

/**
 * The local state folder: the one playwright.config.ts chose (PARLEY_BROWSER_STATE, where the tests' login fixture
 * writes accounts), else a new one.
 */
function stateFolder() {
  const chosen = process.env.PARLEY_BROWSER_STATE;
  if (!chosen) return mkdtempSync(path.join(projectRoot, ".wrangler", "browser-tests-"));
  rmSync(chosen, { recursive: true, force: true });
  mkdirSync(chosen, { recursive: true });
  return chosen;
}

async function freshDatabase() {
  mkdirSync(path.join(projectRoot, ".wrangler"), { recursive: true });
  started.persistTo = stateFolder();
  await run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", started.persistTo], offlineEnv());
}

/**
 * The served Worker's config: the build's own (build/server/wrangler.json), with fixture-worker.js as its entry (the
 * build plus the login fixture's route), bundled by wrangler. Written into the state folder; paths made absolute.
 */
function fixtureConfig() {
  const server = path.join(projectRoot, "build", "server");
  const built = JSON.parse(readFileSync(path.join(server, "wrangler.json"), "utf8"));
  const { configPath: _configPath, userConfigPath: _userConfigPath, ...config } = built;
  const file = path.join(started.persistTo, "wrangler.json");
  const absolute = (relative) => path.resolve(server, relative);
  writeFileSync(
    file,
    JSON.stringify({
      ...config,
      main: path.join(projectRoot, "test", "browser", "support", "fixture-worker.js"),
      no_bundle: false,
      // The pages' inline scripts are functions' own source (Function#toString): esbuild's kept names would put
      // its __name helper into them, which the browser lacks.
      keep_names: false,
      assets: { ...config.assets, directory: absolute(config.assets.directory) },
      d1_databases: config.d1_databases.map((database) => ({ ...database, migrations_dir: absolute(database.migrations_dir) })),
    }),
  );
  return file;
}

/** `--var NAME:value` pairs for wrangler dev. */
const varFlags = (vars) => Object.entries(vars).flatMap(([name, value]) => ["--var", `${name}:${value}`]);

function startWrangler(vars) {
  const args = [
    "dev",
    "--config",
    fixtureConfig(),
    "--local",
    "--ip",
    "127.0.0.1",
    "--port",
    port,
    "--persist-to",
    started.persistTo,
    "--show-interactive-dev-session=false",
    ...varFlags(vars),
  ];
  // Its own process group, so that stopping it also stops the workerd it starts.
  const wrangler = spawn(bin("wrangler"), args, { cwd: projectRoot, env: offlineEnv(), stdio: ["ignore", "pipe", "pipe"], detached: true });
  let log = "";
  // Also kept in the state folder, for the tests that check what the server logs (never a user's text).
  const logFile = createWriteStream(path.join(started.persistTo, "server.log"));
  for (const stream of [wrangler.stdout, wrangler.stderr]) {
    stream.on("data", (chunk) => {
      log += chunk;
      logFile.write(chunk);
    });
  }
  wrangler.on("exit", (code, signal) => {
    if (stopping) return;
    console.error(`[serve] wrangler dev exited (${signal ?? code}):\n${log}`);
    void stop(1);
  });
  return wrangler;
}

function waitForExit(child, timeoutMs) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

function killGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

async function stopWrangler() {
  const { wrangler } = started;
  if (!wrangler?.pid) return;
  killGroup(wrangler, "SIGTERM");
  await waitForExit(wrangler, 5000);
  killGroup(wrangler, "SIGKILL");
}

/** The server's log outlives the state folder in .reports/, where .ci/run shows its errors after a failed run. */
function keepServerLog() {
  const log = path.join(started.persistTo, "server.log");
  if (!existsSync(log)) return;
  mkdirSync(path.join(projectRoot, ".reports"), { recursive: true });
  copyFileSync(log, path.join(projectRoot, ".reports", "browser-server.log"));
}

/** Stops everything started so far, in reverse order, then exits. Safe to call more than once. */
function stop(exitCode) {
  stopping ??= (async () => {
    await stopWrangler();
    started.apy?.stop();
    // Closing waits for open connections; never let a lingering one hold up the end of the run.
    if (started.chatModel) await Promise.race([started.chatModel.close(), new Promise((resolve) => setTimeout(resolve, 2000))]);
    if (started.persistTo) {
      keepServerLog();
      rmSync(started.persistTo, { recursive: true, force: true });
    }
    process.exit(exitCode);
  })();
  return stopping;
}

async function main() {
  if (!process.env.PARLEY_SKIP_BUILD) await build();
  await freshDatabase();
  // Without APY (allowed locally, see playwright.config.ts) the translator is not configured and its tests skip.
  if (process.env.PARLEY_TEST_APERTIUM !== "0") {
    const apy = await startApy({ port: await freePort() });
    // A stop that came while APY was starting did not know about it.
    if (stopping) return apy.stop();
    started.apy = apy;
  }
  started.chatModel = await startScriptedOpenAi();
  if (stopping) return started.chatModel.close();
  started.wrangler = startWrangler({
    ...TEST_VARS,
    APERTIUM_URL: started.apy?.url ?? "",
    TRANSLATION_ENGINES: "apertium",
    CHAT_PROVIDER: "openai",
    OPENAI_BASE_URL: started.chatModel.url,
    OPENAI_CHAT_MODEL: "scripted",
    SEARCH_URL: started.chatModel.searchUrl,
  });
  say(`wrangler dev starting on http://127.0.0.1:${port} (APY ${started.apy?.url ?? "not installed"}, chat model ${started.chatModel.url})`);
}

for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"]) process.on(signal, () => void stop(0));
main().catch((error) => {
  console.error(`[serve] ${error instanceof Error ? error.message : error}`);
  void stop(1);
});
