#!/usr/bin/env node
// Translator overhead: a 100-word text, 50 times, through POST /api/translate (production build on workerd, see
// bench/lib.mjs; signed in) and directly against the same Apertium APY, interleaved in one run.
// Prints p50/p95 of both and the API's overhead. Target: overhead p50 ≤ 10 ms.
// For context it also times a signed-in API round trip that does no translation (GET /api/translate/targets:
// the session check, and Apertium's pair list from the isolate's cache): the floor any API call pays here.
// At the end it checks that every translation reached the history.
// Usage: npm run bench:translate   (BENCH_SKIP_BUILD=1 reuses build/; BENCH_RUNS=N changes the sample size, at
// most 55: the translator allows 60 a minute per user)
import { performance } from "node:perf_hooks";
import { percentile, startAppWithApertium } from "./lib.mjs";

const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const TEXT =
  "The small village near the river was quiet in the morning. Farmers walked to their fields while children went to school. " +
  "The old bridge, built many years ago, still carried people and animals across the water. In the afternoon the market " +
  "opened and the square filled with voices, colours and the smell of fresh bread. Travellers often stopped there to rest, " +
  "to eat and to ask for directions to the city. When the sun went down, the families returned home, lit their lamps and " +
  "talked about the day. Later, under a clear sky full of stars, the village slept peacefully until morning.";
const app = await startAppWithApertium();
const { origin, apy } = app;
const cleanup = app.stop;

try {
  const cookie = await app.signedInCookie(`bench-${Date.now()}@example.com`);
  const headers = { "content-type": "application/json", origin };

  const viaApi = async () => {
    const response = await fetch(`${origin}/api/translate`, {
      method: "POST",
      headers: { ...headers, cookie },
      body: JSON.stringify({ source: "en", target: "es", text: TEXT }),
    });
    if (!response.ok) throw new Error(`api: ${response.status} ${await response.text()}`);
    return (await response.json()).output;
  };
  const direct = async () => {
    const response = await fetch(`${apy.url}/translate`, {
      method: "POST",
      body: new URLSearchParams({ langpair: "eng|spa", q: TEXT, format: "txt", markUnknown: "no" }),
    });
    return (await response.json()).responseData.translatedText;
  };
  for (let i = 0; i < 3; i++) {
    await viaApi();
    await direct();
  }

  const floor = async () => {
    const response = await fetch(`${origin}/api/translate/targets?source=en`, { headers: { cookie } });
    if (!response.ok) throw new Error(`targets: ${response.status}`);
    await response.json();
  };
  await floor();

  const api = [];
  const apyTimes = [];
  const floorTimes = [];
  const timed = async (call, into) => {
    const start = performance.now();
    await call();
    into.push(performance.now() - start);
  };
  for (let i = 0; i < RUNS; i++) {
    // Half the runs call APY first: whichever goes first after the other process ran pays for the switch.
    if (i % 2) {
      await timed(direct, apyTimes);
      await timed(viaApi, api);
    } else {
      await timed(viaApi, api);
      await timed(direct, apyTimes);
    }
    await timed(floor, floorTimes);
  }
  // The overhead sample by sample: each API call against the APY call beside it (the same moment's machine).
  const overhead = api.map((value, i) => value - apyTimes[i]);
  // The history row is written after the answer: each one must be there for the next GET.
  const history = await (await fetch(`${origin}/api/translate`, { headers: { cookie } })).json();
  if (history.translations.length !== Math.min(20, RUNS + 3) || history.translations.some((row) => row.input !== TEXT)) {
    throw new Error(`history: expected ${Math.min(20, RUNS + 3)} rows of the bench text, got ${history.translations.length}`);
  }
  const words = TEXT.split(/\s+/).length;
  const fmt = (value) => `${value.toFixed(1)} ms`;
  console.log(`Translator: ${words} words, en → es, ${RUNS} runs each (interleaved)`);
  console.log(`  APY direct       p50 ${fmt(percentile(apyTimes, 50))}  p95 ${fmt(percentile(apyTimes, 95))}`);
  console.log(`  /api/translate   p50 ${fmt(percentile(api, 50))}  p95 ${fmt(percentile(api, 95))}`);
  console.log(
    `  signed-in floor  p50 ${fmt(percentile(floorTimes, 50))}  p95 ${fmt(percentile(floorTimes, 95))}  (GET /api/translate/targets: session check, no translation)`,
  );
  console.log(
    `  overhead         p50 ${fmt(percentile(overhead, 50))}  p95 ${fmt(percentile(overhead, 95))}  (each API call minus the APY call beside it; target p50 ≤ 10 ms)`,
  );
} finally {
  await cleanup();
}
