#!/usr/bin/env node
// `npm start`: build, migrate and seed the local database, start Apertium and use a local model server when there
// is one, then serve the build on 127.0.0.1. PORT overrides the port (default 8787).
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { apyInstalled, DEFAULT_APY_PORT, freePort, INSTALL_HINT, startApy } from "./apertium/apy.mjs";
import { ensureDevVars } from "./dev-vars.mjs";
import { prepareLocalDatabase } from "./local-db.mjs";
import { localModelSetup, parseDevVars } from "./local-model.mjs";
import { bin, offlineEnv, projectRoot } from "./offline-env.mjs";
import { step } from "./step.mjs";

const port = Number(process.env.PORT ?? 8787);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`PORT must be a port number, not "${process.env.PORT}".`);
  process.exit(2);
}
const env = offlineEnv();

ensureDevVars();
step("Building the app", "react-router", ["build"]);
prepareLocalDatabase();

// The translator's offline engine: Apertium APY on 127.0.0.1 (APERTIUM_PORT, default 2737), stopped on exit.
const translatorVars = [];
let apy;
if (apyInstalled()) {
  console.log("\n▸ Starting Apertium APY (offline translation) on 127.0.0.1");
  const requested = Number(process.env.APERTIUM_PORT ?? DEFAULT_APY_PORT);
  try {
    apy = await startApy({ port: requested }).catch(async () => startApy({ port: await freePort() }));
    translatorVars.push("--var", `APERTIUM_URL:${apy.url}`);
    console.log(`✔ Apertium APY at ${apy.url}`);
  } catch (error) {
    console.error(`✖ Apertium APY did not start; the translator has no offline engine.\n${error.message}`);
  }
} else {
  console.log(`\n! ${INSTALL_HINT}`);
}
// There is no local Workers AI: unless .dev.vars says otherwise, use Apertium and an OpenAI-compatible model only.
const devVarsFile = path.join(projectRoot, ".dev.vars");
const devVars = parseDevVars(existsSync(devVarsFile) ? readFileSync(devVarsFile, "utf8") : "");
if (!("TRANSLATION_ENGINES" in devVars)) translatorVars.push("--var", "TRANSLATION_ENGINES:apertium,openai");

// A model server already running here (Ollama, llama.cpp server) answers the chat and the translator's other pairs.
console.log("\n▸ Looking for a local model server (Ollama on 127.0.0.1:11434, llama.cpp server on 127.0.0.1:8080)");
const localModel = await localModelSetup(devVars);
console.log(`${localModel.vars.length ? "✔" : "!"} ${localModel.message}`);

const url = `http://127.0.0.1:${port}`;
console.log(`\n▸ Starting Parley on ${url}`);
const server = spawn(
  bin("wrangler"),
  ["dev", "--local", "--ip", "127.0.0.1", "--port", String(port), "--show-interactive-dev-session=false", ...translatorVars, ...localModel.vars],
  {
    cwd: projectRoot,
    env,
    stdio: ["ignore", "pipe", "inherit"],
  },
);

let announced = false;
server.stdout.on("data", (chunk) => {
  process.stdout.write(chunk);
  if (!announced && /Ready on/i.test(String(chunk))) {
    announced = true;
    console.log(`\n✔ Parley is running at ${url}  (Ctrl+C to stop)\n`);
  }
});

for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
process.on("exit", () => apy?.stop());
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
