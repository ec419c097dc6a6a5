#!/usr/bin/env node
// Lighthouse on every public page: mobile, default simulated throttling, the median of 3 runs per page, against the
// production build on workerd (bench/lib.mjs) with the demo posts seeded and Apertium as the translator's engine.
// Prints the four category scores and the metrics behind performance, the failing audits of any category under
// 100, and the landing page's client JS (docs/decisions/0029-lighthouse-and-social-images.md).
// Usage: npm run bench:lighthouse   (BENCH_SKIP_BUILD=1 reuses build/; BENCH_RUNS=N runs per page;
// BENCH_PAGES=/,/blog limits the pages; BENCH_REPORTS=folder keeps each run's full JSON result there, and with
// BENCH_TRACES=1 its trace beside it)
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import lighthouse from "lighthouse";
import { freePort } from "../scripts/apertium/apy.mjs";
import { AUDITED_PAGES } from "../test/support/audited-pages.mjs";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../test/support/chromium.mjs";
import { startAppWithApertium } from "./lib.mjs";
import { kb, pageWeight } from "./page-weight.mjs";

const ALL_PAGES = [...AUDITED_PAGES, "/blog/why-parley-is-privacy-first"];
const PAGES = process.env.BENCH_PAGES ? process.env.BENCH_PAGES.split(",") : ALL_PAGES;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const METRICS = [
  ["FCP", "first-contentful-paint"],
  ["LCP", "largest-contentful-paint"],
  ["TBT", "total-blocking-time"],
  ["CLS", "cumulative-layout-shift"],
];
const LANDING_JS_BUDGET = 124 * 1024;

// The browser tests' Chromium and flags (test/support/chromium.mjs), and a few that keep Lighthouse's runs quiet.
const LIGHTHOUSE_CHROMIUM_ARGS = [...CHROMIUM_ARGS, "--disable-default-apps", "--disable-extensions", "--metrics-recording-only", "--mute-audio"];

/** System Chromium with its DevTools port on loopback, in a throwaway profile; Lighthouse opens a tab per run. */
async function startChromium() {
  const port = await freePort();
  const profile = mkdtempSync(path.join(os.tmpdir(), "parley-lighthouse-"));
  const chromium = spawn(
    CHROMIUM_PATH,
    [...LIGHTHOUSE_CHROMIUM_ARGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, "about:blank"],
    {
      stdio: "ignore",
    },
  );
  const exited = new Promise((resolve) => chromium.once("exit", resolve));
  const stop = async () => {
    chromium.kill("SIGTERM");
    await exited;
    rmSync(profile, { recursive: true, force: true, maxRetries: 5 });
  };
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) return { port, stop };
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`Chromium (${CHROMIUM_PATH}) did not open its DevTools port`);
}

let lighthouseVersion = "";

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** One Lighthouse run with the default (mobile) settings; returns its result object (lhr). */
async function audit(port, url) {
  const result = await lighthouse(url, { port, hostname: "127.0.0.1", logLevel: "error", output: "json", onlyCategories: CATEGORIES });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
  lighthouseVersion = result.lhr.lighthouseVersion;
  if (process.env.BENCH_REPORTS) {
    mkdirSync(process.env.BENCH_REPORTS, { recursive: true });
    const name = `${new URL(url).pathname.replace(/\W+/g, "_")}-${Date.now()}.json`;
    writeFileSync(path.join(process.env.BENCH_REPORTS, name), result.report);
    // The run's own trace, which says what each long task ran (the JSON result only times them).
    if (process.env.BENCH_TRACES === "1")
      writeFileSync(path.join(process.env.BENCH_REPORTS, name.replace(/\.json$/, ".trace.json")), JSON.stringify(result.artifacts.Trace));
  }
  return result.lhr;
}

/** A run Lighthouse gives up on (a protocol timeout on a busy machine) is run again, twice at most. */
async function auditWithRetries(port, url) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(port, url);
    } catch (error) {
      if (attempt === 3) throw error;
      process.stderr.write(`  retrying ${url}: ${error instanceof Error ? error.message : String(error)}\n`);
    }
  }
}

const score = (lhr, category) => Math.round((lhr.categories[category].score ?? 0) * 100);

/** Median scores and metrics over the runs; for each category under 100, the run at the median and its failures. */
function summarise(runs) {
  const scores = Object.fromEntries(CATEGORIES.map((category) => [category, median(runs.map((lhr) => score(lhr, category)))]));
  const metrics = Object.fromEntries(METRICS.map(([, id]) => [id, median(runs.map((lhr) => lhr.audits[id].numericValue ?? 0))]));
  const failures = CATEGORIES.filter((category) => scores[category] < 100).map((category) => {
    const lhr = runs.find((run) => score(run, category) === scores[category]);
    const audits = lhr.categories[category].auditRefs
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id].score ?? 1) < 1)
      .map((ref) => lhr.audits[ref.id]);
    return { category, audits };
  });
  return { scores, metrics, failures };
}

const formatMetric = (id, value) => (id === "cumulative-layout-shift" ? value.toFixed(3) : `${Math.round(value)} ms`);

function printTable(rows) {
  const header = ["page".padEnd(36), "perf", "a11y", "best", " seo", "      FCP", "      LCP", "    TBT", "   CLS"];
  console.log(header.join("  "));
  for (const { page, scores, metrics } of rows) {
    console.log(
      [
        page.padEnd(36),
        ...CATEGORIES.map((category) => String(scores[category]).padStart(4)),
        ...METRICS.map(([, id], index) => formatMetric(id, metrics[id]).padStart(index < 2 ? 9 : index === 2 ? 7 : 6)),
      ].join("  "),
    );
  }
}

function printFailures(rows) {
  const failing = rows.filter((row) => row.failures.length > 0);
  if (failing.length === 0) return console.log("\nEvery category scores 100 on every page.");
  console.log("\nFailing audits (from the run at the median):");
  for (const { page, failures } of failing)
    for (const { category, audits } of failures) {
      console.log(`  ${page} – ${category}`);
      for (const audit of audits)
        console.log(`    ${audit.id} (score ${audit.score ?? "n/a"})${audit.displayValue ? `: ${audit.displayValue}` : ""} – ${audit.title}`);
    }
}

// The translator as production has it (an engine to ask for its languages), and the demo posts.
const app = await startAppWithApertium({ readyPath: "/favicon.svg", seeds: true });
let chromium;
// Ctrl-C stops what the bench started (Chromium, the app, APY) before it exits.
for (const signal of ["SIGINT", "SIGTERM"])
  process.once(signal, async () => {
    await chromium?.stop();
    await app.stop();
    process.exit(130);
  });
try {
  chromium = await startChromium();
  const rows = [];
  for (const page of PAGES) {
    const runs = [];
    for (let run = 0; run < RUNS; run++) runs.push(await auditWithRetries(chromium.port, app.origin + page));
    rows.push({ page, ...summarise(runs) });
    process.stderr.write(`  measured ${page}\n`);
  }
  console.log(`\nLighthouse ${lighthouseVersion}, mobile, simulated throttling: median of ${RUNS} runs per page\n`);
  printTable(rows);
  printFailures(rows);
  const landing = await pageWeight(app.origin, "/");
  const verdict = landing.js <= LANDING_JS_BUDGET ? "within" : "OVER";
  console.log(`\nLanding page client JS: ${kb(landing.js)} gzip in ${landing.jsFiles} files (${verdict} the ${kb(LANDING_JS_BUDGET)} budget)`);
} finally {
  await chromium?.stop();
  await app.stop();
}
