#!/usr/bin/env node
// Streaming overhead of the AI chat: the scripted upstream streams 200 deltas 10 ms apart, read once
// through POST /api/ai-stream (production build on `wrangler dev --local`, signed in; the answer runs in
// the user's Durable Object and is saved to D1) and once directly from the upstream, interleaved.
// Each delta is timed from the moment the upstream wrote it (same process, same clock) to the moment the
// client read it. Prints p50/p95 of the time to first token and of the per-delta latency, and what the API
// adds. Target: ≤ 5 ms added at p95.
// Usage: node bench/chat-stream.mjs   (BENCH_SKIP_BUILD=1 reuses build/, BENCH_RUNS=N changes the number of runs,
// BENCH_LOG=file keeps the Worker's console output)
import { performance } from "node:perf_hooks";
import { startScriptedOpenAi } from "../test/support/scripted-openai.mjs";
import { percentile, startApp } from "./lib.mjs";

const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const DELTAS = 200;
const INTERVAL_MS = 10;
const MESSAGE = `Benchmark [bench ${DELTAS} ${INTERVAL_MS}]`;
// When the upstream wrote each token of the current run.
let sentAt = new Map();
const upstream = await startScriptedOpenAi({ onDelta: (token) => sentAt.set(token, performance.now()) });

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
    let end;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
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
  return { ttft: firstAt - start, latencies };
}

let app;
try {
  app = await startApp({ vars: ["CHAT_PROVIDER:openai", `OPENAI_BASE_URL:${upstream.url}`, "OPENAI_CHAT_MODEL:scripted", "SEARCH_URL:"] });
} catch (error) {
  await upstream.close();
  throw error;
}
const { origin } = app;
const cleanup = async () => {
  app.stop();
  await upstream.close();
};

try {
  const cookie = await app.signedInCookie(`bench-chat-${Date.now()}@example.com`);
  const headers = { "content-type": "application/json", origin };

  let turn = 0;
  const viaApi = async () => {
    sentAt = new Map();
    const start = performance.now();
    const response = await fetch(`${origin}/api/ai-stream`, {
      method: "POST",
      headers: { ...headers, cookie },
      body: JSON.stringify({ turnId: `bench-${Date.now()}-${turn++}`, messages: [{ role: "user", content: MESSAGE }] }),
    });
    return readDeltas(response, start);
  };
  const direct = async () => {
    sentAt = new Map();
    const start = performance.now();
    const response = await fetch(`${upstream.url}/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ model: "scripted", stream: true, messages: [{ role: "user", content: MESSAGE }] }),
    });
    return readDeltas(response, start);
  };
  // Warm-up: the first requests compile the Worker and start the Durable Object.
  for (let i = 0; i < 2; i++) (await viaApi(), await direct());

  const apiTtft = [];
  const directTtft = [];
  const apiDelta = [];
  const directDelta = [];
  for (let i = 0; i < RUNS; i++) {
    const a = await direct();
    directTtft.push(a.ttft);
    directDelta.push(...a.latencies);
    const b = await viaApi();
    apiTtft.push(b.ttft);
    apiDelta.push(...b.latencies);
  }
  const fmt = (value) => `${value.toFixed(2)} ms`.padStart(9);
  const line = (label, values) => console.log(`  ${label.padEnd(26)} p50 ${fmt(percentile(values, 50))}  p95 ${fmt(percentile(values, 95))}`);
  const added = (label, api, base) =>
    console.log(`  ${label.padEnd(26)} p50 ${fmt(percentile(api, 50) - percentile(base, 50))}  p95 ${fmt(percentile(api, 95) - percentile(base, 95))}  (target p95 ≤ 5 ms)`);
  console.log(`AI chat streaming: ${DELTAS} deltas ${INTERVAL_MS} ms apart, ${RUNS} runs each (interleaved)`);
  console.log("Time to first token (from the request):");
  line("upstream direct", directTtft);
  line("/api/ai-stream", apiTtft);
  added("added", apiTtft, directTtft);
  console.log(`Per delta, from the upstream's write to the client's read (${apiDelta.length} deltas):`);
  line("upstream direct", directDelta);
  line("/api/ai-stream", apiDelta);
  added("added", apiDelta, directDelta);
} finally {
  await cleanup();
}
