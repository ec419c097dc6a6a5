#!/usr/bin/env node
// How long the production build takes to answer page and API requests whose paths have many segments, and how
// long a small page request waits when it arrives while the largest one is being answered.
// Usage: npm run bench:paths   (BENCH_SKIP_BUILD=1 to reuse build/, BENCH_TIMEOUT_MS to change the cut-off)
import { startApp } from "./lib.mjs";

const SEGMENTS = [32, 500, 5_000, 20_000];
const SAMPLES = 3;
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 60_000);
const SMALL_PAGE = "/about";

const manyA = (prefix, segments) => `${prefix}${"/a".repeat(segments)}`;

/** One request's status and time to the last byte; past the cut-off it counts as unanswered. */
async function timed(url) {
  const start = performance.now();
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    await response.arrayBuffer();
    return { status: response.status, ms: performance.now() - start };
  } catch {
    return { status: "none", ms: Number.POSITIVE_INFINITY };
  }
}

/** The best of a few samples: what the work itself costs, without the host's noise. */
async function best(url) {
  let fastest = await timed(url);
  for (let i = 1; i < SAMPLES && Number.isFinite(fastest.ms); i++) {
    const next = await timed(url);
    if (next.ms < fastest.ms) fastest = next;
  }
  return fastest;
}

const show = ({ status, ms }) => (Number.isFinite(ms) ? `${status} in ${ms.toFixed(1)} ms` : `no answer in ${TIMEOUT_MS / 1000} s`);

/** The manifest lookup the browser makes for routes it has not seen yet, with one long path in it. */
async function manifestUrl(base, segments) {
  const html = await (await fetch(`${base}/`)).text();
  const version = /"version":\s*"([^"]+)"/.exec(html)?.[1] ?? "unknown";
  return `${base}/__manifest?version=${version}&paths=${encodeURIComponent(manyA("", segments))}`;
}

const { origin: base, stop } = await startApp({ readyPath: "/robots.txt" });

try {
  const alone = await best(`${base}${SMALL_PAGE}`);
  console.log(`Long paths: best of ${SAMPLES} sequential requests each, cut-off ${TIMEOUT_MS / 1000} s\n`);
  console.log(`${SMALL_PAGE}: ${show(alone)}`);
  console.log(`/__manifest with a 1,500-segment path: ${show(await best(await manifestUrl(base, 1_500)))}\n`);
  // The API first: a page request cut off by the timeout may still be running on the server.
  for (const segments of SEGMENTS) {
    const api = await best(manyA(`${base}/api`, segments));
    const page = await best(manyA(base, segments));
    console.log(`${String(segments).padStart(6)} segments (${manyA("", segments).length} characters): /api ${show(api)}; page ${show(page)}`);
  }

  const largest = timed(manyA(base, SEGMENTS.at(-1)));
  await new Promise((resolve) => setTimeout(resolve, 50));
  const meanwhile = await timed(`${base}${SMALL_PAGE}`);
  await largest;
  console.log(`\n${SMALL_PAGE} sent 50 ms after a ${SEGMENTS.at(-1)}-segment page request: ${show(meanwhile)}`);
} finally {
  await stop();
}
