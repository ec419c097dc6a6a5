// The demo content a fresh `npm start` seeds (seeds/*.sql, applied in name order by scripts/local-db.mjs): every demo
// post has an excerpt, so that its card and its RSS item describe it.
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import postsSeed from "../../../seeds/0001_blog_demo.sql?raw";
import excerptsSeed from "../../../seeds/0002_blog_demo_excerpts.sql?raw";
import { ORIGIN } from "../support/requests";

const DEMO_SLUGS = [
  "why-parley-is-privacy-first",
  "how-offline-translation-works",
  "zero-telemetry-no-exceptions",
  "building-parley-in-the-open",
  "introducing-hipaa-mode",
];

/** A seed file's statements: each ends with a semicolon at the end of a line, before the next statement or comment. */
function statements(sql: string) {
  return sql
    .split(/;\s*\n(?=INSERT|UPDATE|--|\s*$)/)
    .map((statement) => statement.replace(/^(--.*\n)+/, "").trim())
    .filter(Boolean);
}

async function applySeed(sql: string) {
  await env.DB.batch(statements(sql).map((statement) => env.DB.prepare(statement)));
}

beforeAll(async () => {
  await applySeed(postsSeed);
  await applySeed(excerptsSeed);
  // Applying them again changes nothing (npm start runs them on every start).
  await applySeed(postsSeed);
  await applySeed(excerptsSeed);
  // The first server render transforms the app on demand: done here, with time for a busy machine.
  await (await SELF.fetch(`${ORIGIN}/blog`)).arrayBuffer();
}, 120_000);

describe("the demo posts", () => {
  it("each have an excerpt of at most 160 characters", async () => {
    const { results } = await env.DB.prepare("SELECT slug, excerpt FROM posts WHERE id LIKE 'seed-post-%' ORDER BY created_at").all<{
      slug: string;
      excerpt: string | null;
    }>();
    expect(results.map((row) => row.slug)).toEqual(DEMO_SLUGS);
    for (const { slug, excerpt } of results) {
      expect(excerpt, slug).toBeTruthy();
      expect(excerpt!.length, slug).toBeLessThanOrEqual(160);
    }
  });

  it("each have a description in the RSS feed", async () => {
    const xml = await (await SELF.fetch(`${ORIGIN}/blog/rss.xml`)).text();
    const items = [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map(([, item]) => item!);
    for (const slug of DEMO_SLUGS) {
      const item = items.find((candidate) => candidate.includes(`/blog/${slug}</link>`));
      expect(item, slug).toBeDefined();
      expect(item, slug).toMatch(/<description>[^<]{40,}<\/description>/);
    }
  });

  it("show their excerpts on the blog's cards", async () => {
    const html = await (await SELF.fetch(`${ORIGIN}/blog`)).text();
    const { results } = await env.DB.prepare("SELECT excerpt FROM posts WHERE id LIKE 'seed-post-%'").all<{ excerpt: string }>();
    for (const { excerpt } of results) expect(html).toContain(excerpt.replaceAll("'", "&#x27;"));
  });
});
