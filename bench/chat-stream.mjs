#!/usr/bin/env node
// Streaming overhead of the AI chat: the scripted upstream streams 200 deltas 10 ms apart, read directly from
// the upstream and through POST /api/ai-stream (production build on workerd, see bench/lib.mjs; signed in, with the
// chat page's socket open and saying the user is typing before each turn; the answer runs in the user's Durable
// Object, which writes the turn ahead in its own storage), both for a new conversation and for one being continued,
// interleaved, each after the same 300 ms pause (a user's typing). D1 runs in a workerd of its own, as it runs on
// machines of its own in production (bench/d1-server.mjs): Miniflare's local D1 would run the turn's SQL on the very
// thread that forwards the first token (BENCH_D1=shared measures that way, for comparison). For scale, the same
// stream also goes through a bare Worker that relays it through a Durable Object: what the runtime itself costs, with
// no app code; and through the same relay with the one step the turn's design requires before the model call, a
// write-ahead save in the object's storage (on the same disk as the app's), held by the output gate until durable.
// Each delta is timed from the moment the upstream wrote it (same process, same clock) to the moment the
// client read it. Prints p50/p95 of the time to first token (and of the time until the upstream had the
// request) and of the per-delta latency, and what each path adds (each sample against the direct one beside it).
// Target: ≤ 5 ms added at p95.
// A second run serves the same build with its D1 binding wrapped to answer every call 50 ms late (a distant D1
// primary, bench/d1-delay-entry.mjs), with the model's first token after 10 ms (the scripted default) and after
// 150 ms (a quick real model): the first token's added latency (target ≤ 10 ms at p95), and the serial D1 round trips
// before the model had the request and before the first token, read off the added time (target 0).
// Usage: node bench/chat-stream.mjs   (BENCH_SKIP_BUILD=1 reuses build/; BENCH_RUNS=N sets the runs and BENCH_DELTAS=N
// the deltas per answer (each path signs in its own user, whose hub allows 30 answers a minute); BENCH_D1_DELAY_MS=N
// sets the wrapped D1's delay, 0 skips the second run; BENCH_D1=shared keeps D1 in the app's process; BENCH_SAMPLES=1
// prints each run's added time; BENCH_LOG=file keeps the Worker's console output)
import { rmSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { convertV4MiniflareOptions, Miniflare } from "miniflare";
import { startScriptedOpenAi } from "../test/support/scripted-openai.mjs";
import { benchStorageDir, percentile, startApp } from "./lib.mjs";

const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const DELTAS = Number(process.env.BENCH_DELTAS ?? 200);
const INTERVAL_MS = 10;
const D1_DELAY_MS = Number(process.env.BENCH_D1_DELAY_MS ?? 50);
/** D1 in a workerd of its own, as in production (bench/d1-server.mjs); BENCH_D1=shared keeps Miniflare's local one. */
const D1_OWN_PROCESS = process.env.BENCH_D1 !== "shared";
const SLOW_FIRST_TOKEN_MS = 150;
const SHOW_SAMPLES = process.env.BENCH_SAMPLES === "1";
/** How long a bench user types before sending: the page tells the hub at the first keystroke. */
const TYPING_MS = 300;
const benchMessage = (firstMs = INTERVAL_MS) => `Benchmark [bench ${DELTAS} ${INTERVAL_MS} ${firstMs}]`;
// When the upstream wrote each token of the current run.
let sentAt = new Map();
// When the upstream received the current run's request.
let receivedAt = 0;
const upstream = await startScriptedOpenAi({
  onDelta: (token) => sentAt.set(token, performance.now()),
  onRequest: () => (receivedAt = performance.now()),
});

/**
 * Reads an SSE response; returns the time to the first delta (from `start`) and each delta's latency
 * from the upstream's write to this read.
 */
async function readDeltas(response, start) {
  if (!response.ok) throw new Error(`HTTP ${response.status}: ${await response.text()}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  let firstAt = null;
  const latencies = [];
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    const now = performance.now();
    buffer += value;
    for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
      const data = buffer.slice(0, end).replace(/^data: /, "");
      buffer = buffer.slice(end + 2);
      if (data === "[DONE]") continue;
      const token = JSON.parse(data).choices?.[0]?.delta?.content;
      if (!token) continue;
      firstAt ??= now;
      latencies.push(now - sentAt.get(token));
    }
  }
  if (latencies.length !== DELTAS) throw new Error(`expected ${DELTAS} deltas, got ${latencies.length}`);
  return { ttft: firstAt - start, reached: receivedAt - start, latencies };
}

/**
 * The runtime's own cost: a Worker that hands the request to a Durable Object, which fetches the upstream. At
 * /write-ahead the object first saves the request in its storage, as the hub saves a turn, so that the output gate
 * holds the fetch until the write is durable.
 */
async function startRelay() {
  const script = `
    export class Relay {
      constructor(ctx, env) { this.ctx = ctx; this.env = env; }
      async fetch(request) {
        const body = await request.text();
        if (new URL(request.url).pathname === "/write-ahead") await this.ctx.storage.put("turn:" + crypto.randomUUID(), body);
        return fetch(this.env.UPSTREAM + "/chat/completions", { method: "POST", headers: { "content-type": "application/json" }, body });
      }
    }
    export default {
      fetch(request, env) { return env.RELAY.get(env.RELAY.idFromName("bench")).fetch(request); },
    };`;
  // Beside the app's own storage (bench/lib.mjs), so that both writes meet the same disk.
  const persistTo = benchStorageDir("bench-relay-");
  // Written in Miniflare 4's shape, which Miniflare 5 converts.
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      modules: true,
      script,
      compatibilityDate: "2026-04-20",
      bindings: { UPSTREAM: upstream.url },
      durableObjects: { RELAY: { className: "Relay", useSQLite: true } },
      durableObjectsPersist: persistTo,
      host: "127.0.0.1",
      port: 0,
    }),
  );
  const stop = async () => {
    await mf.dispose();
    rmSync(persistTo, { recursive: true, force: true });
  };
  try {
    return { url: (await mf.ready).href, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
const relay = await startRelay();

/** The same moment's runs of every path, in a new order each round; returns each path's samples. */
async function measure(paths) {
  // Warm-up: the first requests compile the Workers and start the Durable Objects.
  for (const path of Object.values(paths)) await path();
  const results = Object.fromEntries(Object.keys(paths).map((name) => [name, { ttft: [], reached: [], deltas: [] }]));
  for (let i = 0; i < RUNS; i++) {
    // In a new order each run: whichever goes first after a pause, or after another process, pays for it.
    const order = Object.entries(paths)
      .map((entry) => ({ entry, key: Math.random() }))
      .sort((a, b) => a.key - b.key)
      .map(({ entry }) => entry);
    for (const [name, path] of order) {
      const { ttft, reached, latencies } = await path();
      results[name].ttft.push(ttft);
      results[name].reached.push(reached);
      results[name].deltas.push(...latencies);
    }
  }
  return results;
}

const fmt = (value) => `${value.toFixed(2)} ms`.padStart(9);
/** What a path adds, sample by sample: each run against the direct run of the same round (the same moment's machine). */
const added = (values, base) => values.map((value, i) => value - base[i]);
function row(label, values, base) {
  const figures = `p50 ${fmt(percentile(values, 50))}  p95 ${fmt(percentile(values, 95))}`;
  const extra = base ? added(values, base) : null;
  console.log(`  ${label.padEnd(40)} ${figures}${extra ? `   added p50 ${fmt(percentile(extra, 50))}  p95 ${fmt(percentile(extra, 95))}` : ""}`);
  // Each run's added time, in run order: whether a p95 is one slow run or a spread.
  if (extra && SHOW_SAMPLES && extra.length <= RUNS) console.log(`    runs: ${extra.map((value) => value.toFixed(1)).join(", ")}`);
}
function table(title, results, labels, metric, baseOf) {
  console.log(title);
  for (const [name, label] of Object.entries(labels)) {
    const base = baseOf(name);
    row(label, results[name][metric], base ? results[base][metric] : null);
  }
}

/** The chat page's socket to the user's hub (GET /api/realtime), which the page holds open while the user types. */
async function openTab(origin, cookie) {
  const socket = new WebSocket(`${origin.replace(/^http/, "ws")}/api/realtime`, { headers: { cookie, origin } });
  openTabs.push(socket);
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve, { once: true });
    socket.addEventListener("error", () => reject(new Error("the realtime socket did not open")), { once: true });
  });
  return socket;
}
const openTabs = [];

/**
 * The app's paths for one signed-in user each (a hub per user: its rate limit counts that path alone). Each user
 * has the chat page open, as in the browser: its socket to the hub is open, and says the user is typing (as the page
 * does at the first keystroke) TYPING_MS before each turn is sent. The timer starts at the send.
 */
async function appPaths(app, message, directPath) {
  const { origin } = app;
  const headers = { "content-type": "application/json", origin };
  let turn = 0;
  const user = async () => {
    const cookie = await app.signedInCookie(`bench-chat-${Date.now()}-${turn++}@example.com`);
    return { cookie, tab: await openTab(origin, cookie) };
  };
  const ask =
    ({ cookie, tab }, conversationId) =>
    async () => {
      tab.send(conversationId ? `composing:${conversationId}` : "composing");
      await new Promise((resolve) => setTimeout(resolve, TYPING_MS));
      sentAt = new Map();
      const start = performance.now();
      const response = await fetch(`${origin}/api/ai-stream`, {
        method: "POST",
        headers: { ...headers, cookie },
        body: JSON.stringify({ turnId: `bench-${Date.now()}-${turn++}`, conversationId, text: message }),
      });
      return { ...(await readDeltas(response, start)), conversationId: response.headers.get("x-conversation-id") };
    };
  const newUser = await user();
  const continuedUser = await user();
  const { conversationId } = await ask(continuedUser, undefined)();
  return { direct: directPath, newConversation: ask(newUser, undefined), continued: ask(continuedUser, conversationId) };
}

const openAiRequest = (url, message) => async () => {
  // The same pause as a bench user's typing: no path starts on the trailing work (the final save) of the one before.
  await new Promise((resolve) => setTimeout(resolve, TYPING_MS));
  sentAt = new Map();
  const start = performance.now();
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ model: "scripted", stream: true, messages: [{ role: "user", content: message }] }),
  });
  return readDeltas(response, start);
};

const APP_VARS = ["CHAT_PROVIDER:openai", `OPENAI_BASE_URL:${upstream.url}`, "OPENAI_CHAT_MODEL:scripted", "SEARCH_URL:"];

async function plainRun() {
  const app = await startApp({ vars: APP_VARS, d1: { delayMs: 0, ownProcess: D1_OWN_PROCESS } });
  try {
    const message = benchMessage();
    const paths = {
      ...(await appPaths(app, message, openAiRequest(`${upstream.url}/chat/completions`, message))),
      relay: openAiRequest(relay.url, message),
      relayWriteAhead: openAiRequest(new URL("/write-ahead", relay.url).href, message),
    };
    const results = await measure(paths);
    const labels = {
      direct: "upstream direct",
      relay: "bare Worker + Durable Object relay",
      relayWriteAhead: "  the same, saving the request first",
      newConversation: "/api/ai-stream, new conversation",
      continued: "/api/ai-stream, continued",
    };
    const baseOf = (name) => (name === "direct" ? null : "direct");
    const d1Place = D1_OWN_PROCESS ? "D1 in a process of its own" : "D1 on the app's thread (BENCH_D1=shared)";
    console.log(`AI chat streaming: ${DELTAS} deltas ${INTERVAL_MS} ms apart, ${RUNS} runs of each (interleaved), ${d1Place}`);
    table("Time to first token, from the request:", results, labels, "ttft", baseOf);
    table("Time until the upstream had the request:", results, labels, "reached", baseOf);
    table(
      `Per delta, from the upstream's write to the client's read (${results.direct.deltas.length} deltas each):`,
      results,
      labels,
      "deltas",
      baseOf,
    );
    console.log("Target: ≤ 5 ms added at p95 (first token and per delta).");
    await reportSavedAnswers(app);
  } finally {
    for (const socket of openTabs.splice(0)) socket.close(1000);
    await app.stop();
  }
}

/**
 * That the turns were saved wherever D1 ran: each of the run's answers (every run of both app paths, their warm-ups
 * and the turn that started the continued conversation) is in D1, complete.
 */
async function reportSavedAnswers(app) {
  const expected = 2 * (RUNS + 1) + 1;
  let saved = 0;
  // The last answer's final save follows its stream by a moment.
  for (let i = 0; i < 20 && saved < expected; i++) {
    if (i > 0) await new Promise((resolve) => setTimeout(resolve, 100));
    [{ saved }] = await app.query("SELECT count(*) AS saved FROM messages WHERE role = 'assistant' AND status = 'complete'");
  }
  console.log(`Answers saved complete in D1: ${saved} of ${expected}.`);
}

async function distantD1Run() {
  // The build is fresh from the first run.
  process.env.BENCH_SKIP_BUILD = "1";
  const app = await startApp({ vars: APP_VARS, d1: { delayMs: D1_DELAY_MS, ownProcess: D1_OWN_PROCESS } });
  try {
    const quick = benchMessage();
    const slow = benchMessage(SLOW_FIRST_TOKEN_MS);
    const quickPaths = await appPaths(app, quick, openAiRequest(`${upstream.url}/chat/completions`, quick));
    const slowPaths = await appPaths(app, slow, openAiRequest(`${upstream.url}/chat/completions`, slow));
    const paths = Object.fromEntries([
      ...Object.entries(quickPaths).map(([name, path]) => [`${name}Quick`, path]),
      ...Object.entries(slowPaths).map(([name, path]) => [`${name}Slow`, path]),
    ]);
    const results = await measure(paths);
    const labels = {
      directQuick: `direct, first token at ${INTERVAL_MS} ms`,
      newConversationQuick: "  new conversation",
      continuedQuick: "  continued",
      directSlow: `direct, first token at ${SLOW_FIRST_TOKEN_MS} ms`,
      newConversationSlow: "  new conversation",
      continuedSlow: "  continued",
    };
    const baseOf = (name) => (name.startsWith("direct") ? null : name.endsWith("Quick") ? "directQuick" : "directSlow");
    console.log(`\nWith every D1 call ${D1_DELAY_MS} ms late (a distant D1 primary), ${RUNS} runs of each:`);
    table("Time to first token, from the request:", results, labels, "ttft", baseOf);
    table("Time until the upstream had the request:", results, labels, "reached", baseOf);
    console.log("Serial D1 round trips (added time at p50 / the D1 delay, rounded):");
    for (const name of ["newConversationQuick", "continuedQuick", "newConversationSlow", "continuedSlow"]) {
      const base = baseOf(name);
      const trips = (metric) => Math.max(0, Math.round(percentile(added(results[name][metric], results[base][metric]), 50) / D1_DELAY_MS));
      console.log(
        `  ${labels[name].trim().padEnd(18)} (${base === "directQuick" ? "quick" : "slow"} model): before the model call ${trips("reached")}, before the first token ${trips("ttft")}`,
      );
    }
    console.log("Target: first token ≤ 10 ms added at p95; 0 serial D1 round trips before the first token.");
  } finally {
    for (const socket of openTabs.splice(0)) socket.close(1000);
    await app.stop();
  }
}

try {
  await plainRun();
  if (D1_DELAY_MS > 0) await distantD1Run();
} finally {
  await relay.stop();
  await upstream.close();
}
