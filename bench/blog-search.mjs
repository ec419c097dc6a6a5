#!/usr/bin/env node
// Blog search: the app's FTS5 trigram search (worker/services/blog/posts.ts, bundled as it is for the Worker)
// against a LIKE scan of the same shape, over 10,000 posts in a local D1 (workerd through Miniflare, the runtime
// wrangler uses locally). Each search is timed inside the Worker: an exact total for the pager and the newest 9.
//
// Two corpora, 200 searches each:
//  - natural: English-like posts (Zipf-distributed words); searches for rare names, subject words (whole or in
//    part) and everyday words. p50/p95 are printed overall and by kind.
//  - stress:  the first version of this bench: a 28-word vocabulary, so every query's trigrams are in every post
//    and a typical query matches 35–100% of them. It shows the worst case for an exact count.
// Usage: node bench/blog-search.mjs   (BENCH_POSTS=N, BENCH_SEARCHES=N change the sizes; BENCH_CORPUS=natural|stress runs one;
//        BENCH_REPEAT=N runs each search N times per sample, default 5)
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Miniflare } from "miniflare";
import { build } from "vite";
import { projectRoot } from "../scripts/offline-env.mjs";

const POSTS = Number(process.env.BENCH_POSTS ?? 10_000);
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 200);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 5);
const CORPORA = process.env.BENCH_CORPUS ? [process.env.BENCH_CORPUS] : ["natural", "stress"];

// The real migrations, split the way wrangler splits them.
const migrations = readdirSync(path.join(projectRoot, "migrations"))
  .filter((file) => file.endsWith(".sql"))
  .sort()
  .flatMap((file) => readFileSync(path.join(projectRoot, "migrations", file), "utf8").split("--> statement-breakpoint"))
  .map((statement) => statement.trim())
  .filter(Boolean);

// Bundle the bench Worker with the app's code, resolving the same path aliases as tsconfig.json.
const bundle = await build({
  configFile: false,
  logLevel: "warn",
  root: projectRoot,
  resolve: { alias: { "~": path.join(projectRoot, "app"), "@worker": path.join(projectRoot, "worker") } },
  build: {
    write: false,
    minify: false,
    target: "es2022",
    lib: { entry: path.join(projectRoot, "bench", "blog-search-worker.js"), formats: ["es"], fileName: "worker" },
    rolldownOptions: { external: [/^cloudflare:/, /^node:/] },
  },
});
const script = (Array.isArray(bundle) ? bundle[0] : bundle).output[0].code;

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const fmt = (value) => `${value.toFixed(1).padStart(6)} ms`;
const line = (label, rows) => {
  const fts = rows.map((row) => row.fts);
  const like = rows.map((row) => row.like);
  const matches = rows.map((row) => row.total);
  return (
    `  ${label.padEnd(8)} n=${String(rows.length).padEnd(4)} FTS p50 ${fmt(percentile(fts, 50))} p95 ${fmt(percentile(fts, 95))}   ` +
    `LIKE p50 ${fmt(percentile(like, 50))} p95 ${fmt(percentile(like, 95))}   ${(percentile(like, 50) / Math.max(percentile(fts, 50), 0.1)).toFixed(1).padStart(5)}×   ` +
    `matches p50 ${percentile(matches, 50)} (max ${Math.max(...matches)})`
  );
};

for (const corpus of CORPORA) {
  const mf = new Miniflare({ modules: true, script, d1Databases: ["DB"], compatibilityDate: "2026-04-20", compatibilityFlags: ["nodejs_compat"] });
  try {
    const response = await mf.dispatchFetch("http://bench/", {
      method: "POST",
      body: JSON.stringify({ migrations, corpus, posts: POSTS, searches: SEARCHES, repeat: REPEAT }),
    });
    if (!response.ok) throw new Error(`bench worker failed: ${response.status} ${await response.text()}`);
    const { rows, floor, mismatches, published } = await response.json();
    console.log(
      `Blog search, ${corpus} corpus: ${POSTS} posts (${published} published, ~380 words each), ${SEARCHES} searches; exact total + newest 9`,
    );
    console.log(
      `  (any D1 call here: p50 ${fmt(percentile(floor, 50)).trim()}; each sample is the mean of ${REPEAT} runs, as the Worker's clock moves in whole milliseconds)`,
    );
    console.log(line("all", rows));
    for (const kind of ["rare", "topic", "common"]) {
      const some = rows.filter((row) => row.kind === kind);
      if (some.length) console.log(line(kind, some));
    }
    if (mismatches) throw new Error(`${mismatches} searches gave different results through FTS and LIKE`);
  } finally {
    await mf.dispose();
  }
}
console.log("Target: FTS p50 ≤ 10 ms and ≥ 10× faster than LIKE.");
