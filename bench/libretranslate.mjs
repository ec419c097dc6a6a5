#!/usr/bin/env node
// The LibreTranslate-compatible API and documents (docs/decisions/0019-libretranslate-api.md), on the production
// build (bench/lib.mjs) with Apertium APY on loopback:
// 1. /lt/translate's overhead over calling APY directly, for the same 100-word text, interleaved. Target p50 ≤ 10 ms.
// 2. A 100-cue .srt through the screen's document route against the same cue texts pasted into the screen's
//    POST /api/translate. Target: the document takes at most 2× the pasted text.
// Usage: npm run bench:translate   (after bench/translate.mjs; BENCH_SKIP_BUILD=1 reuses build/; BENCH_RUNS=N, at most 100)
import { performance } from "node:perf_hooks";
import { percentile, startAppWithApertium } from "./lib.mjs";

const RUNS = Math.min(100, Number(process.env.BENCH_RUNS ?? 50));
const DOCUMENT_RUNS = 8; // the document route allows 20 per 10 minutes per user
const TEXT =
  "The small village near the river was quiet in the morning. Farmers walked to their fields while children went to school. " +
  "The old bridge, built many years ago, still carried people and animals across the water. In the afternoon the market " +
  "opened and the square filled with voices, colours and the smell of fresh bread. Travellers often stopped there to rest, " +
  "to eat and to ask for directions to the city. When the sun went down, the families returned home, lit their lamps and " +
  "talked about the day. Later, under a clear sky full of stars, the village slept peacefully until morning.";
const LINES = ["The house is red.", "Where is the library?", "The dog is big and the cat is small.", "We walked to the old bridge."];
const CUES = Array.from({ length: 100 }, (_, i) => LINES[i % LINES.length]);
const stamp = (seconds) => `00:${String(Math.floor(seconds / 60)).padStart(2, "0")}:${String(seconds % 60).padStart(2, "0")},000`;
const SRT = CUES.map((line, i) => `${i + 1}\n${stamp(i)} --> ${stamp(i + 1)}\n${line}\n`).join("\n");
const PASTED = CUES.join("\n");

const app = await startAppWithApertium();
const { origin, apy } = app;
const fmt = (value) => `${value.toFixed(1)} ms`;
const timed = async (call, into) => {
  const start = performance.now();
  await call();
  into.push(performance.now() - start);
};

try {
  const cookie = await app.signedInCookie(`bench-lt-${Date.now()}@example.com`);
  const page = { origin, cookie, "sec-fetch-site": "same-origin" };
  // A key made the way a person makes one: the account page's form (its answer shows the key once).
  const created = await fetch(`${origin}/account`, {
    method: "POST",
    headers: { ...page, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "api-key-create", name: "bench", requestsPerMinute: "120", charsPerDay: "500000" }),
  });
  const key = /plt_[A-Za-z0-9_-]{43}/.exec(await created.text())?.[0];
  if (!key) throw new Error(`no key from the account page (${created.status})`);

  const viaLt = async () => {
    const response = await fetch(`${origin}/lt/translate`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ q: TEXT, source: "en", target: "es", api_key: key }),
    });
    if (!response.ok) throw new Error(`lt: ${response.status} ${await response.text()}`);
    return (await response.json()).translatedText;
  };
  const direct = async () => {
    const response = await fetch(`${apy.url}/translate`, {
      method: "POST",
      body: new URLSearchParams({ langpair: "eng|spa", q: TEXT, format: "txt", markUnknown: "no" }),
    });
    return (await response.json()).responseData.translatedText;
  };
  for (let i = 0; i < 3; i++) {
    if ((await viaLt()) !== (await direct())) throw new Error("/lt/translate and APY disagree");
  }
  const lt = [];
  const apyTimes = [];
  for (let i = 0; i < RUNS; i++) {
    // Half the runs call APY first: whichever goes first after the other process ran pays for the switch.
    if (i % 2) {
      await timed(direct, apyTimes);
      await timed(viaLt, lt);
    } else {
      await timed(viaLt, lt);
      await timed(direct, apyTimes);
    }
  }
  const overhead = lt.map((value, i) => value - apyTimes[i]);
  console.log(`LibreTranslate API: ${TEXT.split(/\s+/).length} words, en → es, ${RUNS} runs each (interleaved)`);
  console.log(`  APY direct       p50 ${fmt(percentile(apyTimes, 50))}  p95 ${fmt(percentile(apyTimes, 95))}`);
  console.log(`  /lt/translate    p50 ${fmt(percentile(lt, 50))}  p95 ${fmt(percentile(lt, 95))}`);
  console.log(`  overhead         p50 ${fmt(percentile(overhead, 50))}  p95 ${fmt(percentile(overhead, 95))}  (target p50 ≤ 10 ms)`);

  const pasted = async () => {
    const response = await fetch(`${origin}/api/translate`, {
      method: "POST",
      headers: { ...page, "content-type": "application/json" },
      body: JSON.stringify({ source: "en", target: "es", text: PASTED }),
    });
    if (!response.ok) throw new Error(`pasted: ${response.status} ${await response.text()}`);
    return (await response.json()).output;
  };
  const document = async () => {
    const form = new FormData();
    form.append("file", new File([SRT], "bench.srt"));
    form.append("source", "en");
    form.append("target", "es");
    const response = await fetch(`${origin}/translate/document`, { method: "POST", headers: page, body: form, redirect: "manual" });
    if (response.status !== 200) throw new Error(`document: ${response.status} ${response.headers.get("location") ?? ""}`);
    return response.text();
  };
  const translatedSrt = await document();
  const cueCount = translatedSrt.split("\n\n").filter((block) => block.includes("-->")).length;
  if (cueCount !== 100) throw new Error(`document: expected 100 cues back, got ${cueCount}`);
  await pasted();
  const documents = [];
  const pastes = [];
  for (let i = 0; i < DOCUMENT_RUNS - 1; i++) {
    await timed(document, documents);
    await timed(pasted, pastes);
  }
  const ratio = percentile(documents, 50) / percentile(pastes, 50);
  console.log(`Documents: a ${CUES.length}-cue .srt (${PASTED.length} characters of text), en → es, ${documents.length} runs each (interleaved)`);
  console.log(`  pasted text      p50 ${fmt(percentile(pastes, 50))}  (POST /api/translate)`);
  console.log(`  .srt document    p50 ${fmt(percentile(documents, 50))}  (POST /translate/document)`);
  console.log(`  ratio            ${ratio.toFixed(2)}×  (target ≤ 2×)`);
} finally {
  await app.stop();
}
