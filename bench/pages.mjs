#!/usr/bin/env node
// Page weight and server-rendering latency of the production build, served by `wrangler dev --local`.
// Then the D1 round-trip table (bench/d1-trips.mjs): the same build with every D1 call 50 ms late.
// Usage: npm run bench   (BENCH_SKIP_BUILD=1 to reuse build/, BENCH_REQUESTS=N to change the sample size;
// BENCH_D1_DELAY_MS=N sets the D1 delay, 0 skips the round-trip table; BENCH_D1_RUNS=N its runs per route)
import { benchD1Trips } from "./d1-trips.mjs";
import { startApp } from "./lib.mjs";
import { kb, pageWeight } from "./page-weight.mjs";

const PAGES = ["/", "/kickstarter", "/business"];
const STATIC_FILE = "/favicon.svg";
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const WARMUP = 20;

async function latency(url, headers = {}) {
  for (let i = 0; i < WARMUP; i++) await (await fetch(url, { headers })).arrayBuffer();
  const samples = [];
  for (let i = 0; i < REQUESTS; i++) {
    const start = performance.now();
    await (await fetch(url, { headers })).arrayBuffer();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const at = (q) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))];
  return { p50: at(0.5), p95: at(0.95) };
}

const { origin: base, stop } = await startApp({ readyPath: STATIC_FILE });

try {
  const fileLatency = await latency(base + STATIC_FILE);
  console.log(`Parley page benchmark: ${REQUESTS} sequential requests per URL after ${WARMUP} warm-up, gzip -9 sizes\n`);
  console.log(`static file ${STATIC_FILE}: p50 ${fileLatency.p50.toFixed(2)} ms, p95 ${fileLatency.p95.toFixed(2)} ms\n`);
  console.log("page            JS (gzip)  files  CSS (gzip)  HTML (gzip)  SSR p50    SSR p95    p50 / static p50   uncached p50");
  for (const page of PAGES) {
    const weight = await pageWeight(base, page);
    const ssr = await latency(base + page);
    // A request with a cookie may be a signed-in visitor's, so it bypasses the static page cache: a full render.
    const uncached = await latency(base + page, { cookie: "bench=1" });
    console.log(
      [
        page.padEnd(15),
        kb(weight.js).padStart(9),
        String(weight.jsFiles).padStart(6),
        kb(weight.css).padStart(11),
        kb(weight.html).padStart(12),
        `${ssr.p50.toFixed(2)} ms`.padStart(10),
        `${ssr.p95.toFixed(2)} ms`.padStart(10),
        `${(ssr.p50 / fileLatency.p50).toFixed(2)}×`.padStart(18),
        `${uncached.p50.toFixed(2)} ms`.padStart(14),
      ].join(" "),
    );
  }
  console.log("\nTargets: landing JS ≤ 125 KB gzip; SSR p50 ≤ 2× the static file's p50.");
  console.log("SSR p50/p95: anonymous visitors (static pages are rendered once per isolate, see worker/lib/page-cache.ts);");
  console.log("uncached p50: the same page fully rendered for every request (what a signed-in visitor costs).");
} finally {
  await stop();
}

const D1_DELAY_MS = Number(process.env.BENCH_D1_DELAY_MS ?? 50);
if (D1_DELAY_MS > 0) {
  // The build is fresh from the first run.
  process.env.BENCH_SKIP_BUILD = "1";
  await benchD1Trips(D1_DELAY_MS);
}
