#!/usr/bin/env node
// Blog search: FTS5 trigram vs a LIKE scan over 10,000 posts in a local D1 (workerd, through Miniflare,
// wrangler's own local runtime). The queries are timed inside the Worker, so no RPC overhead is counted.
// Usage: node bench/blog-search.mjs   (BENCH_POSTS=N, BENCH_SEARCHES=N to change the sizes)
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Miniflare } from "miniflare";
import { projectRoot } from "../scripts/offline-env.mjs";

const POSTS = Number(process.env.BENCH_POSTS ?? 10_000);
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 200);

// The real migrations, split the way wrangler splits them.
const migrations = readdirSync(path.join(projectRoot, "migrations"))
  .filter((file) => file.endsWith(".sql"))
  .sort()
  .flatMap((file) => readFileSync(path.join(projectRoot, "migrations", file), "utf8").split("--> statement-breakpoint"))
  .map((statement) => statement.trim())
  .filter(Boolean);

const worker = `
const WORDS = "privacy translation offline device engine language model speech transcript encrypted audit hospital court school traveller headset mesh network latency token session keyboard river harbour lantern violet orbit quartz meadow".split(" ");
function text(seed, n) {
  let x = seed, out = [];
  for (let i = 0; i < n; i++) { x = (x * 1103515245 + 12345) % 2147483648; out.push(WORDS[x % WORDS.length]); }
  return out.join(" ");
}
export default {
  async fetch(request, env) {
    const { migrations, posts, searches } = await request.json();
    for (const statement of migrations) await env.DB.prepare(statement).run();
    await env.DB.prepare("INSERT INTO users (id, email) VALUES ('bench', 'bench@example.com')").run();
    const insert = env.DB.prepare("INSERT INTO posts (id, slug, title, excerpt, content, author_id, created_at) VALUES (?, ?, ?, ?, ?, 'bench', ?)");
    for (let start = 0; start < posts; start += 500) {
      const batch = [];
      for (let i = start; i < Math.min(posts, start + 500); i++)
        batch.push(insert.bind("p" + i, "post-" + i, text(i, 8) + " " + i, text(i + 7, 20), text(i + 13, 350) + " unique" + i, Date.now() - i));
      await env.DB.batch(batch);
    }
    const terms = Array.from({ length: searches }, (_, i) => (i % 4 === 0 ? "unique" + (i * 37) % posts : text(i * 7919, 2).split(" ").map((w, j) => (j ? w.slice(0, 4) : w.slice(-4))).join(" ")));
    // What the blog list runs for a search: the total (for the pager) and the first page.
    const ftsWhere = "p.published = 1 AND p.rowid IN (SELECT rowid FROM posts_fts WHERE posts_fts MATCH ?)";
    const likeWhere = "p.published = 1 AND (p.title LIKE ? ESCAPE '\\\\' OR p.content LIKE ? ESCAPE '\\\\' OR coalesce(p.excerpt, '') LIKE ? ESCAPE '\\\\')";
    const page = (where) => env.DB.prepare("SELECT p.id, p.slug, p.title FROM posts p WHERE " + where + " ORDER BY p.created_at DESC LIMIT 9");
    const total = (where) => env.DB.prepare("SELECT count(*) AS n FROM posts p WHERE " + where);
    const fts = { bind: (q) => ({ all: () => env.DB.batch([total(ftsWhere).bind(q), page(ftsWhere).bind(q)]) }) };
    const like = { bind: (...q) => ({ all: () => env.DB.batch([total(likeWhere).bind(...q), page(likeWhere).bind(...q)]) }) };
    const time = async (run) => { const t = performance.now(); await run(); return performance.now() - t; };
    const ftsTimes = [], likeTimes = [];
    for (const term of terms) {
      ftsTimes.push(await time(() => fts.bind('"' + term.replaceAll('"', '""') + '"').all()));
      const pattern = "%" + term + "%";
      likeTimes.push(await time(() => like.bind(pattern, pattern, pattern).all()));
    }
    return Response.json({ ftsTimes, likeTimes });
  },
};`;

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

const mf = new Miniflare({ modules: true, script: worker, d1Databases: ["DB"], compatibilityDate: "2025-09-01" });
try {
  console.log(`Generating ${POSTS} posts (about 370 words each) and running ${SEARCHES} searches each way…`);
  const response = await mf.dispatchFetch("http://bench/", { method: "POST", body: JSON.stringify({ migrations, posts: POSTS, searches: SEARCHES }) });
  if (!response.ok) throw new Error(`bench worker failed: ${response.status} ${await response.text()}`);
  const { ftsTimes, likeTimes } = await response.json();
  const row = (name, times) => `${name.padEnd(12)} p50 ${percentile(times, 50).toFixed(2).padStart(8)} ms   p95 ${percentile(times, 95).toFixed(2).padStart(8)} ms`;
  console.log(row("FTS5 trigram", ftsTimes));
  console.log(row("LIKE scan", likeTimes));
  const speedup = percentile(likeTimes, 50) / Math.max(percentile(ftsTimes, 50), 0.001);
  console.log(`FTS is ${speedup.toFixed(1)}× faster at p50 (target: p50 ≤ 10 ms and ≥ 10×).`);
} finally {
  await mf.dispose();
}
