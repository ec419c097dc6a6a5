// The Worker behind bench/blog-search.mjs: fills a local D1 with generated posts and times searches. It is
// bundled with the app's own search code (worker/services/blog/posts.ts), so the FTS figures are what
// /blog?q= runs. Timed inside the Worker, so no RPC overhead is counted.
import { database } from "../worker/db/client";
import { listPublishedPosts } from "../worker/services/blog/posts";

/** A deterministic generator (the same posts and queries on every run). */
const lcg = (seed) => {
  let x = seed >>> 0;
  return () => {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    return x / 4294967296;
  };
};

// The "natural" corpus: English-like text. Words follow Zipf's law (the n-th most common word appears about
// 1/n as often as the first) over a vocabulary of common English words, Parley's topic words and 5,000
// generated words, so that, as in real posts, a few words are everywhere and most are not.
const FUNCTION_WORDS = (
  "the of and to a in is that for it as with was on be by this are or from at an but not have has can you we they " +
  "their your our will more about which one all would there what so if when out up into also than them its only other some time new just " +
  "over like most use these how each people work first make way even because any day most data text voice words"
).split(" ");
const TOPIC_WORDS = (
  "privacy translation offline device engine language model speech transcript encrypted audit hospital court school " +
  "traveller headset mesh network latency token session keyboard river harbour lantern violet orbit quartz meadow"
).split(" ");
const SYLLABLES = "ka lo ri men tu sa vo ne dri pla con ter ist ber mo gan dle fi ro ska tion ent ar im pre ol um ex bra sto ven qui del mar".split(
  " ",
);

function vocabulary() {
  const next = lcg(7);
  const generated = new Set();
  while (generated.size < 5000) {
    let word = "";
    for (let n = 2 + Math.floor(next() * 3); n > 0; n--) word += SYLLABLES[Math.floor(next() * SYLLABLES.length)];
    if (!FUNCTION_WORDS.includes(word) && !TOPIC_WORDS.includes(word)) generated.add(word);
  }
  const words = [...new Set(FUNCTION_WORDS)];
  const rest = [...generated];
  // Topic words rank between 60 and 600: each is in a good share of posts, but not all.
  TOPIC_WORDS.forEach((word, i) => {
    rest.splice(i * 20, 0, word);
  });
  return words.concat(rest);
}

function zipfSampler(words, seed) {
  const cumulative = [];
  let sum = 0;
  for (let rank = 1; rank <= words.length; rank++) {
    sum += 1 / rank;
    cumulative.push(sum);
  }
  const next = lcg(seed);
  return () => {
    const target = next() * sum;
    let lo = 0,
      hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < target) lo = mid + 1;
      else hi = mid;
    }
    return words[lo];
  };
}

// The "stress" corpus: the first version of this bench. 28 words and nothing else, so every trigram of
// every query is in every post and a two-word query matches a third to all of the 10,000 posts.
const STRESS_WORDS = TOPIC_WORDS;
function stressText(seed, n) {
  let x = seed,
    out = [];
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    out.push(STRESS_WORDS[x % STRESS_WORDS.length]);
  }
  return out.join(" ");
}

function naturalPosts(count) {
  const words = vocabulary();
  const word = zipfSampler(words, 42);
  const text = (n) => Array.from({ length: n }, word).join(" ");
  const start = Date.UTC(2020, 0, 1);
  // Oldest first, as a blog grows; one post in 20 is an unpublished draft.
  return Array.from({ length: count }, (_, i) => ({
    title: `${text(7)} ${i}`,
    excerpt: text(20),
    content: `${text(350)} unique${i}`,
    createdAt: start + i * 3_600_000,
    published: i % 20 !== 7,
  }));
}

function stressPosts(count) {
  return Array.from({ length: count }, (_, i) => ({
    title: `${stressText(i, 8)} ${i}`,
    excerpt: stressText(i + 7, 20),
    content: `${stressText(i + 13, 350)} unique${i}`,
    createdAt: Date.UTC(2026, 0, 1) - i,
    published: true,
  }));
}

/** The searches, by kind: what readers of a blog type, from one-off names to everyday words. */
function naturalQueries(searches, posts) {
  const words = vocabulary();
  const next = lcg(99);
  const pick = (from, to) => words[from + Math.floor(next() * (to - from))];
  const kinds = {
    // A name or code that is in one post (or a few: unique12 is also in unique120…129 and unique1200…1299).
    rare: () => (next() < 0.5 ? `unique${Math.floor(next() * posts)}` : pick(2000, words.length)),
    // A subject word, whole or in part ("transl", "headse").
    topic: () => {
      const word = next() < 0.5 ? TOPIC_WORDS[Math.floor(next() * TOPIC_WORDS.length)] : pick(60, 600);
      return next() < 0.5 ? word : word.slice(0, Math.max(4, word.length - 2));
    },
    // Everyday words and phrases that most posts contain ("about", "of the").
    common: () => (next() < 0.5 ? pick(0, 60) : `${pick(0, 20)} ${pick(0, 20)}`),
  };
  const order = ["rare", "topic", "rare", "topic", "common"];
  return Array.from({ length: searches }, (_, i) => {
    const kind = order[i % order.length];
    return { kind, q: kinds[kind]() };
  });
}

/** The first version's query mix: 3 in 4 are two-word fragments ("vacy tran"), 1 in 4 an identifier. */
function stressQueries(searches, posts) {
  return Array.from({ length: searches }, (_, i) =>
    i % 4 === 0
      ? { kind: "rare", q: `unique${(i * 37) % posts}` }
      : {
          kind: "common",
          q: stressText(i * 7919, 2)
            .split(" ")
            .map((w, j) => (j ? w.slice(0, 4) : w.slice(-4)))
            .join(" "),
        },
  );
}

/**
 * The LIKE baseline: the same single-statement shape as the app's search (matches found once, counted, and the
 * newest 9 joined back), with a scan of every published post in place of the index.
 */
async function likeSearch(d1, q) {
  const pattern = `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const { results } = await d1
    .prepare(
      `WITH m(rid) AS MATERIALIZED (SELECT rowid FROM posts WHERE published = 1 AND (title LIKE ?1 ESCAPE '\\' OR content LIKE ?1 ESCAPE '\\' OR coalesce(excerpt, '') LIKE ?1 ESCAPE '\\'))
       SELECT t.total, pg.id FROM (SELECT count(*) AS total FROM m) t
       LEFT JOIN (SELECT p.rowid AS rid, p.id, p.slug, p.title, p.excerpt, p.cover_url, p.created_at, p.tags FROM posts p WHERE p.published = 1 AND p.rowid IN m
                  ORDER BY p.created_at DESC, p.rowid DESC LIMIT 9) pg ON 1
       ORDER BY pg.created_at DESC, pg.rid DESC`,
    )
    .bind(pattern)
    .all();
  return { total: results[0]?.total ?? 0, ids: results.filter((row) => row.id !== null).map((row) => row.id) };
}

export default {
  async fetch(request, env) {
    const { migrations, corpus, posts: count, searches, repeat } = await request.json();
    for (const statement of migrations) await env.DB.prepare(statement).run();
    await env.DB.prepare("INSERT INTO users (id, email) VALUES ('bench', 'bench@example.com')").run();
    const posts = corpus === "stress" ? stressPosts(count) : naturalPosts(count);
    const insert = env.DB.prepare(
      "INSERT INTO posts (id, slug, title, excerpt, content, author_id, created_at, published) VALUES (?, ?, ?, ?, ?, 'bench', ?, ?)",
    );
    for (let start = 0; start < posts.length; start += 500) {
      await env.DB.batch(
        posts
          .slice(start, start + 500)
          .map((post, j) =>
            insert.bind(`p${start + j}`, `post-${start + j}`, post.title, post.excerpt, post.content, post.createdAt, post.published ? 1 : 0),
          ),
      );
    }
    const db = database(env.DB);
    const queries = corpus === "stress" ? stressQueries(searches, count) : naturalQueries(searches, count);
    // The Worker's clock moves in whole milliseconds (and only across I/O), so a single 4 ms search could
    // read as 3 or 5: each sample is the mean of `repeat` back-to-back runs of the same statement.
    const time = async (run, times = repeat) => {
      const start = performance.now();
      let result;
      for (let i = 0; i < times; i++) result = await run();
      return [(performance.now() - start) / times, result];
    };
    // For scale: a statement that does nothing, i.e. what any D1 call costs here.
    const floor = [];
    for (let i = 0; i < 50; i++) floor.push((await time(() => env.DB.prepare("SELECT 1").first()))[0]);
    const rows = [];
    let mismatches = 0;
    for (const { kind, q } of queries) {
      const [fts, list] = await time(() => listPublishedPosts(db, { q }));
      const [like, scan] = await time(() => likeSearch(env.DB, q));
      // Both must find the same posts: the index is only worth having if it answers the same.
      if (list.total !== scan.total || list.posts.map((post) => post.id).join() !== scan.ids.join()) mismatches++;
      rows.push({ kind, q, fts, like, total: list.total });
    }
    return Response.json({ rows, floor, mismatches, published: posts.filter((post) => post.published).length });
  },
};
