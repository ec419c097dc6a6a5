#!/usr/bin/env node
// Load survival: the production build served the way `npm start` serves it (wrangler dev, unless BENCH_SERVER
// says otherwise), under a mix of pages, refused requests and writes from 32 keep-alive connections for two
// minutes, on loopback only. Target: 0 errors (network errors or 5xx), 0 connection resets, 0 lost writes
// (every write the server acknowledged is in the database).
// The mix includes early answers that leave a body unread (401 without a session, 429 over a limit), the case
// that used to break a keep-alive connection for the request after it.
// Usage: npm run bench:load   (BENCH_SECONDS, BENCH_CONNECTIONS; BENCH_SKIP_BUILD=1 reuses build/)
import http from "node:http";
import { percentile, solvedProof, startAppWithApertium } from "./lib.mjs";

process.env.BENCH_SERVER ??= "wrangler-dev";
const SECONDS = Number(process.env.BENCH_SECONDS ?? 120);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const SIGNED_IN_USERS = 4;
const FILLER = "The quick brown fox jumps over the lazy dog. ".repeat(90); // about 4 kB

const app = await startAppWithApertium();
const { origin } = app;
const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });

/** One request on the shared keep-alive pool; resolves with the status, or the network error's code. */
function send({ method = "GET", path, body, cookie }) {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers = {
      origin,
      ...(payload ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) } : {}),
      ...(cookie ? { cookie } : {}),
    };
    const request = http.request(`${origin}${path}`, { method, agent, headers }, (response) => {
      response.resume();
      response.on("end", () => resolve({ status: response.statusCode }));
      response.on("error", (error) => resolve({ error: error.code ?? error.message }));
    });
    request.setTimeout(30_000, () => request.destroy(Object.assign(new Error("timeout"), { code: "TIMEOUT" })));
    request.on("error", (error) => resolve({ error: error.code ?? error.message }));
    request.end(payload);
  });
}

const cookies = [];
for (let i = 0; i < SIGNED_IN_USERS; i++) cookies.push(await app.signedInCookie(`load-${i}-${Date.now()}@example.com`));
const anyCookie = () => cookies[Math.floor(Math.random() * cookies.length)];
// The contact form needs the human check's proof (docs/decisions/0018-bot-protection.md): one per write the form's
// rate limit (10 per 10 minutes per address) can allow, solved before the clock starts; past them the limit answers.
const proofs = [];
for (let i = 0; i < 12; i++) proofs.push(await solvedProof(origin));

/** The mix, by weight: what a busy site sees, including refusals that leave the request body unread. */
const MIX = [
  { name: "GET / (cached page)", weight: 25, request: () => ({ path: "/" }) },
  { name: "GET /blog (D1 read)", weight: 15, request: () => ({ path: "/blog" }) },
  { name: "GET /translate", weight: 10, request: () => ({ path: "/translate" }) },
  { name: "GET /api/auth/session (signed in)", weight: 10, request: () => ({ path: "/api/auth/session", cookie: anyCookie() }) },
  {
    name: "POST /api/translate, no session, 4 kB body (401)",
    weight: 15,
    request: () => ({ method: "POST", path: "/api/translate", body: { source: "en", target: "es", text: FILLER } }),
  },
  {
    name: "POST /api/translate (signed in: write or 429)",
    weight: 15,
    write: "translation",
    request: () => ({
      method: "POST",
      path: "/api/translate",
      cookie: anyCookie(),
      body: { source: "en", target: "es", text: "Good morning, how are you today?" },
    }),
  },
  {
    name: "POST /api/forms/contact (write or 429)",
    weight: 10,
    write: "submission",
    request: () => ({
      method: "POST",
      path: "/api/forms/contact",
      body: { name: "Load Test", email: "load@example.com", category: "general", message: FILLER.slice(0, 600), altcha: proofs.pop() },
    }),
  },
];
const totalWeight = MIX.reduce((sum, entry) => sum + entry.weight, 0);
function pick() {
  let roll = Math.random() * totalWeight;
  for (const entry of MIX) {
    roll -= entry.weight;
    if (roll < 0) return entry;
  }
  return MIX[0];
}

const tally = new Map(MIX.map((entry) => [entry.name, { statuses: new Map(), latencies: [] }]));
const errors = new Map();
const acknowledged = { translation: 0, submission: 0 };
let serverErrors = 0;

async function connectionLoop(deadline) {
  while (Date.now() < deadline) {
    const entry = pick();
    const started = performance.now();
    const outcome = await send(entry.request());
    const record = tally.get(entry.name);
    record.latencies.push(performance.now() - started);
    if (outcome.error) {
      errors.set(outcome.error, (errors.get(outcome.error) ?? 0) + 1);
      continue;
    }
    record.statuses.set(outcome.status, (record.statuses.get(outcome.status) ?? 0) + 1);
    if (outcome.status >= 500) serverErrors++;
    if (entry.write && outcome.status >= 200 && outcome.status < 300) acknowledged[entry.write]++;
  }
}

console.log(`Load: ${CONNECTIONS} keep-alive connections for ${SECONDS} s against ${process.env.BENCH_SERVER} at ${origin}…`);
const started = Date.now();
try {
  await Promise.all(Array.from({ length: CONNECTIONS }, () => connectionLoop(started + SECONDS * 1000)));
  const elapsed = (Date.now() - started) / 1000;
  // Give the server's after-response work (waitUntil) a moment before counting rows.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const [{ n: translations }] = await app.query("SELECT count(*) AS n FROM translations");
  const [{ n: submissions }] = await app.query("SELECT count(*) AS n FROM form_submissions WHERE kind = 'contact'");

  let requests = 0;
  console.log("\n| request | count | statuses | p50 ms | p95 ms |\n|---|---|---|---|---|");
  for (const [name, { statuses, latencies }] of tally) {
    requests += latencies.length;
    const summary = [...statuses].map(([status, count]) => `${status}×${count}`).join(" ");
    console.log(
      `| ${name} | ${latencies.length} | ${summary} | ${percentile(latencies, 50)?.toFixed(1) ?? "-"} | ${percentile(latencies, 95)?.toFixed(1) ?? "-"} |`,
    );
  }
  const resets = errors.get("ECONNRESET") ?? 0;
  const networkErrors = [...errors.values()].reduce((sum, count) => sum + count, 0);
  const lostTranslations = acknowledged.translation - Number(translations);
  const lostSubmissions = acknowledged.submission - Number(submissions);
  console.log(`\n${requests} requests in ${elapsed.toFixed(0)} s (${(requests / elapsed).toFixed(0)}/s)`);
  console.log(
    `errors: ${networkErrors + serverErrors} (network ${networkErrors}${errors.size ? `: ${[...errors].map(([code, count]) => `${code}×${count}`).join(", ")}` : ""}; 5xx ${serverErrors})`,
  );
  console.log(`resets: ${resets}`);
  console.log(
    `lost writes: ${lostTranslations + lostSubmissions} (translations acknowledged ${acknowledged.translation}, stored ${translations}; contact forms acknowledged ${acknowledged.submission}, stored ${submissions})`,
  );
  process.exitCode = networkErrors + serverErrors + lostTranslations + lostSubmissions === 0 ? 0 : 1;
} finally {
  agent.destroy();
  await app.stop();
}
