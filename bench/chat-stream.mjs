#!/usr/bin/env node
// Streaming overhead of the AI chat: the scripted upstream streams 200 deltas 10 ms apart, read directly from
// the upstream and through POST /api/ai-stream (production build on workerd, see bench/lib.mjs; signed in; the
// answer runs in the user's Durable Object and the turn is saved to D1 before the model is called), both for a
// new conversation and for one being continued, interleaved. For scale, the same stream also goes through a
// bare Worker that relays it through a Durable Object: what the runtime itself costs, with no app code.
// Each delta is timed from the moment the upstream wrote it (same process, same clock) to the moment the
// client read it. Prints p50/p95 of the time to first token (and of the time until the upstream had the
// request) and of the per-delta latency, and what each path adds (each sample against the direct one beside it).
// Target: ≤ 5 ms added at p95.
// Usage: node bench/chat-stream.mjs   (BENCH_SKIP_BUILD=1 reuses build/; BENCH_RUNS=N sets the runs and BENCH_DELTAS=N
// the deltas per answer: the hub allows 30 answers a minute, so short answers allow at most 13 runs; BENCH_LOG=file
// keeps the Worker's console output)
import { performance } from "node:perf_hooks";
import { Miniflare } from "miniflare";
import { startScriptedOpenAi } from "../test/support/scripted-openai.mjs";
import { percentile, startApp } from "./lib.mjs";

const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const DELTAS = Number(process.env.BENCH_DELTAS ?? 200);
const INTERVAL_MS = 10;
const MESSAGE = `Benchmark [bench ${DELTAS} ${INTERVAL_MS}]`;
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

/** The runtime's own cost: a Worker that hands the request to a Durable Object, which fetches the upstream. */
async function startRelay() {
  const script = `
    export class Relay {
      constructor(ctx, env) { this.env = env; }
      async fetch(request) {
        return fetch(this.env.UPSTREAM + "/chat/completions", { method: "POST", headers: { "content-type": "application/json" }, body: await request.text() });
      }
    }
    export default {
      fetch(request, env) { return env.RELAY.get(env.RELAY.idFromName("bench")).fetch(request); },
    };`;
  const mf = new Miniflare({
    modules: true,
    script,
    compatibilityDate: "2026-04-20",
    bindings: { UPSTREAM: upstream.url },
    durableObjects: { RELAY: { className: "Relay", useSQLite: true } },
    host: "127.0.0.1",
    port: 0,
  });
  return { url: (await mf.ready).href, stop: () => mf.dispose() };
}
const relay = await startRelay();

let app;
try {
  app = await startApp({ vars: ["CHAT_PROVIDER:openai", `OPENAI_BASE_URL:${upstream.url}`, "OPENAI_CHAT_MODEL:scripted", "SEARCH_URL:"] });
} catch (error) {
  await relay.stop();
  await upstream.close();
  throw error;
}
const { origin } = app;
const cleanup = async () => {
  await app.stop();
  await relay.stop();
  await upstream.close();
};

try {
  const cookie = await app.signedInCookie(`bench-chat-${Date.now()}@example.com`);
  const headers = { "content-type": "application/json", origin };

  let turn = 0;
  const ask = (conversationId, messages) => async () => {
    sentAt = new Map();
    const start = performance.now();
    const response = await fetch(`${origin}/api/ai-stream`, {
      method: "POST",
      headers: { ...headers, cookie },
      body: JSON.stringify({ turnId: `bench-${Date.now()}-${turn++}`, conversationId, messages }),
    });
    return { ...(await readDeltas(response, start)), conversationId: response.headers.get("x-conversation-id") };
  };
  const openAiRequest = (url) => async () => {
    sentAt = new Map();
    const start = performance.now();
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ model: "scripted", stream: true, messages: [{ role: "user", content: MESSAGE }] }),
    });
    return readDeltas(response, start);
  };
  const opening = [{ role: "user", content: MESSAGE }];
  const { conversationId } = await ask(undefined, opening)();
  const history = [...opening, { role: "assistant", content: "An earlier answer." }, ...opening];
  const paths = {
    direct: openAiRequest(`${upstream.url}/chat/completions`),
    relay: openAiRequest(relay.url),
    newConversation: ask(undefined, opening),
    continued: ask(conversationId, history),
  };
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
  const fmt = (value) => `${value.toFixed(2)} ms`.padStart(9);
  // What a path adds, sample by sample: each run of it against the direct run of the same round (the same moment's
  // machine), so that a slow moment does not count as the API's cost, nor hide it.
  const row = (label, values, base) => {
    const figures = `p50 ${fmt(percentile(values, 50))}  p95 ${fmt(percentile(values, 95))}`;
    const added = base ? values.map((value, i) => value - base[i]) : null;
    console.log(`  ${label.padEnd(34)} ${figures}${added ? `   added p50 ${fmt(percentile(added, 50))}  p95 ${fmt(percentile(added, 95))}` : ""}`);
  };
  const labels = {
    direct: "upstream direct",
    relay: "bare Worker + Durable Object relay",
    newConversation: "/api/ai-stream, new conversation",
    continued: "/api/ai-stream, continued",
  };
  const table = (title, metric) => {
    console.log(title);
    for (const [name, label] of Object.entries(labels)) row(label, results[name][metric], name === "direct" ? null : results.direct[metric]);
  };
  console.log(`AI chat streaming: ${DELTAS} deltas ${INTERVAL_MS} ms apart, ${RUNS} runs of each (interleaved)`);
  table("Time to first token, from the request:", "ttft");
  table("Time until the upstream had the request:", "reached");
  table(`Per delta, from the upstream's write to the client's read (${results.direct.deltas.length} deltas each):`, "deltas");
  console.log("Target: ≤ 5 ms added at p95 (first token and per delta).");
} finally {
  await cleanup();
}
