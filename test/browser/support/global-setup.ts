import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { bin, offlineEnv, projectRoot } from "../../../scripts/offline-env.mjs";
import { startTestApertium } from "../../support/apertium";
// @ts-expect-error: plain ESM helper shared with the worker tests and the benchmark
import { startScriptedOpenAi } from "../../support/scripted-openai.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

function run(cli: string, args: string[]) {
  // vitest sets NODE_ENV=test, which would make `react-router build` ship React's development build.
  const result = spawnSync(bin(cli), args, { cwd: projectRoot, env: offlineEnv({ NODE_ENV: "production" }), stdio: "inherit" });
  if (result.status !== 0) throw new Error(`${cli} ${args.join(" ")} failed with ${result.status}`);
}

async function waitForServer(url: string, server: ChildProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`wrangler dev exited with ${server.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The app did not answer at ${url} within ${timeoutMs} ms`);
}

/** The browser tests' server settings: its own signing key, the dev outbox, and one owner address. */
const TEST_VARS = [
  ["AUTH_SECRET", randomBytes(48).toString("base64url")],
  ["DEV_OUTBOX", "1"],
  ["OWNER_EMAILS", "owner@parley.test"],
] as const;

export default async function setup(project: TestProject) {
  if (!process.env.PARLEY_SKIP_BUILD) run("react-router", ["build"]);
  const persistTo = mkdtempSync(path.join(projectRoot, ".wrangler", "browser-tests-"));
  run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo]);

  // The translator's offline engine, on a loopback port of its own (without it the translator is not configured).
  const apy = await startTestApertium(await freePort());
  project.provide("apertiumAvailable", apy !== null);
  const translatorVars = [`APERTIUM_URL:${apy?.url ?? ""}`, "TRANSLATION_ENGINES:apertium"].flatMap((value) => ["--var", value]);

  // The chat's model and web search: a scripted OpenAI-compatible and SearXNG-like server on loopback
  // (test/support/scripted-openai.mjs).
  const chatModel = (await startScriptedOpenAi()) as { url: string; searchUrl: string; close: () => Promise<void> };
  // Closing waits for open connections; never let a lingering one hold up the end of the run.
  const closeChatModel = () => Promise.race([chatModel.close(), new Promise((resolve) => setTimeout(resolve, 2000))]);
  const chatVars = ["CHAT_PROVIDER:openai", `OPENAI_BASE_URL:${chatModel.url}`, "OPENAI_CHAT_MODEL:scripted", `SEARCH_URL:${chatModel.searchUrl}`].flatMap((value) => ["--var", value]);

  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const server = spawn(bin("wrangler"), ["dev", "--local", "--ip", "127.0.0.1", "--port", String(port), "--persist-to", persistTo, "--show-interactive-dev-session=false", ...TEST_VARS.flatMap(([name, value]) => ["--var", `${name}:${value}`]), ...translatorVars, ...chatVars], {
    cwd: projectRoot,
    env: offlineEnv(),
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let log = "";
  server.stdout?.on("data", (chunk) => (log += chunk));
  server.stderr?.on("data", (chunk) => (log += chunk));
  try {
    await waitForServer(`${baseURL}/robots.txt`, server);
  } catch (error) {
    console.error(log);
    apy?.stop();
    await closeChatModel();
    throw error;
  }
  project.provide("baseURL", baseURL);

  return async () => {
    if (server.pid) process.kill(-server.pid, "SIGTERM");
    apy?.stop();
    await closeChatModel();
    rmSync(persistTo, { recursive: true, force: true });
  };
}
