#!/usr/bin/env node
// Translator overhead: a 100-word text, 50 times, through POST /api/translate (production build on
// `wrangler dev --local`, signed in) and directly against the same Apertium APY, interleaved in one run.
// Prints p50/p95 of both and the API's overhead. Target: overhead p50 ≤ 10 ms.
// Usage: node bench/translate.mjs   (BENCH_SKIP_BUILD=1 reuses build/, BENCH_RUNS=N changes the sample size)
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { apyInstalled, freePort, INSTALL_HINT, startApy } from "../scripts/apertium/apy.mjs";
import { bin, offlineEnv, projectRoot } from "../scripts/offline-env.mjs";

const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const TEXT =
  "The small village near the river was quiet in the morning. Farmers walked to their fields while children went to school. " +
  "The old bridge, built many years ago, still carried people and animals across the water. In the afternoon the market " +
  "opened and the square filled with voices, colours and the smell of fresh bread. Travellers often stopped there to rest, " +
  "to eat and to ask for directions to the city. When the sun went down, the families returned home, lit their lamps and " +
  "talked about the day. Later, under a clear sky full of stars, the village slept peacefully until morning.";
const env = offlineEnv();

function run(cli, args) {
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

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

if (!apyInstalled()) {
  console.error(INSTALL_HINT);
  process.exit(1);
}
if (!process.env.BENCH_SKIP_BUILD) run("react-router", ["build"]);
const persistTo = mkdtempSync(path.join(projectRoot, ".wrangler", "bench-translate-"));
run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo]);
const apy = await startApy({ port: await freePort() });
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const vars = [`AUTH_SECRET:${randomBytes(48).toString("base64url")}`, "DEV_OUTBOX:1", `APERTIUM_URL:${apy.url}`, "TRANSLATION_ENGINES:apertium"];
const server = spawn(bin("wrangler"), ["dev", "--local", "--ip", "127.0.0.1", "--port", String(port), "--persist-to", persistTo, "--show-interactive-dev-session=false", ...vars.flatMap((value) => ["--var", value])], {
  cwd: projectRoot,
  env,
  stdio: "ignore",
  detached: true,
});
const cleanup = () => {
  if (server.pid) process.kill(-server.pid, "SIGTERM");
  apy.stop();
  rmSync(persistTo, { recursive: true, force: true });
};

try {
  await waitFor(`${origin}/robots.txt`);
  // Sign up and confirm through the development outbox.
  const email = `bench-${Date.now()}@example.com`;
  const headers = { "content-type": "application/json", origin };
  const signUp = await fetch(`${origin}/api/auth/signup`, { method: "POST", headers, body: JSON.stringify({ email, password: "violet-harbour-lantern-42" }) });
  if (!signUp.ok) throw new Error(`sign-up: ${signUp.status}`);
  const rows = JSON.parse(run("wrangler", ["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--json", "--command", `SELECT text FROM mail_outbox WHERE "to" = '${email}'`]));
  const link = new URL(/https?:\/\/\S+/.exec(rows[0].results[0].text)[0]);
  const verified = await fetch(`${origin}/api/auth/verify`, { method: "POST", headers, body: JSON.stringify({ type: link.searchParams.get("type"), token_hash: link.searchParams.get("token_hash") }) });
  if (!verified.ok) throw new Error(`verify: ${verified.status}`);
  const cookie = verified.headers.getSetCookie().map((value) => value.split(";")[0]).join("; ");

  const viaApi = async () => {
    const response = await fetch(`${origin}/api/translate`, { method: "POST", headers: { ...headers, cookie }, body: JSON.stringify({ source: "en", target: "es", text: TEXT }) });
    if (!response.ok) throw new Error(`api: ${response.status} ${await response.text()}`);
    return (await response.json()).output;
  };
  const direct = async () => {
    const response = await fetch(`${apy.url}/translate`, { method: "POST", body: new URLSearchParams({ langpair: "eng|spa", q: TEXT, format: "txt", markUnknown: "no" }) });
    return (await response.json()).responseData.translatedText;
  };
  for (let i = 0; i < 3; i++) (await viaApi(), await direct());

  const api = [];
  const apyTimes = [];
  for (let i = 0; i < RUNS; i++) {
    let start = performance.now();
    await direct();
    apyTimes.push(performance.now() - start);
    start = performance.now();
    await viaApi();
    api.push(performance.now() - start);
  }
  const words = TEXT.split(/\s+/).length;
  const fmt = (value) => `${value.toFixed(1)} ms`;
  console.log(`Translator: ${words} words, en → es, ${RUNS} runs each (interleaved)`);
  console.log(`  APY direct       p50 ${fmt(percentile(apyTimes, 50))}  p95 ${fmt(percentile(apyTimes, 95))}`);
  console.log(`  /api/translate   p50 ${fmt(percentile(api, 50))}  p95 ${fmt(percentile(api, 95))}`);
  console.log(`  overhead         p50 ${fmt(percentile(api, 50) - percentile(apyTimes, 50))}  p95 ${fmt(percentile(api, 95) - percentile(apyTimes, 95))}  (target p50 ≤ 10 ms)`);
} finally {
  cleanup();
}
