// Listing, paging, the published filter and search (FTS5 trigram, with LIKE for short terms).
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { database } from "@worker/db/client";
import { createPost, listPublishedPosts, parsePage } from "@worker/services/blog/posts";
import { BLOG_PAGE_SIZE, SAVE_FAILED_MESSAGE, postInputSchema } from "@core/schemas/blog";
import { clearPosts, insertPost } from "./helpers";
import { ownerAccount } from "../support/auth";
import { ORIGIN } from "../support/requests";
import { SELF } from "cloudflare:test";

const db = () => database(env.DB);
let ownerId = "";

beforeAll(async () => {
  ownerId = (await ownerAccount()).body.session.user.id;
});

describe("list and paging", () => {
  beforeAll(async () => {
    await clearPosts();
    const base = Date.UTC(2026, 0, 1);
    // 20 published posts (newest is "Paged 19") and 3 unpublished ones in between.
    for (let i = 0; i < 20; i++) await insertPost(ownerId, { slug: `paged-${i}`, title: `Paged ${i}`, createdAt: base + i * 60_000 });
    for (let i = 0; i < 3; i++)
      await insertPost(ownerId, { slug: `draft-${i}`, title: `Draft ${i}`, published: false, createdAt: base + i * 60_000 + 30_000 });
  });

  it("shows 9 a page, newest first, published only", async () => {
    const first = await listPublishedPosts(db(), { page: 1 });
    expect(first.total).toBe(20);
    expect(first.pageCount).toBe(3);
    expect(first.posts).toHaveLength(BLOG_PAGE_SIZE);
    expect(first.posts.map((post) => post.title)).toEqual(Array.from({ length: 9 }, (_, i) => `Paged ${19 - i}`));
    const third = await listPublishedPosts(db(), { page: 3 });
    expect(third.posts.map((post) => post.title)).toEqual(["Paged 1", "Paged 0"]);
    const all = [...first.posts, ...(await listPublishedPosts(db(), { page: 2 })).posts, ...third.posts];
    expect(new Set(all.map((post) => post.slug)).size).toBe(20);
    expect(all.some((post) => post.slug.startsWith("draft-"))).toBe(false);
  });

  it.each([
    [0, 1],
    [-5, 1],
    [2, 2],
    [99, 3],
  ])("page %i is shown as page %i", async (requested, shown) => {
    expect((await listPublishedPosts(db(), { page: requested })).page).toBe(shown);
  });

  it.each([
    [null, 1],
    ["", 1],
    ["abc", 1],
    ["0", 1],
    ["-2", 1],
    ["2", 2],
    ["3.7", 3],
  ])("?page=%j parses as %i", (value, page) => {
    expect(parsePage(value)).toBe(page);
  });

  it("GET /api/blog/posts answers the same list", async () => {
    const response = await SELF.fetch(`${ORIGIN}/api/blog/posts?page=2`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { posts: Array<{ title: string }>; page: number; pageCount: number; total: number };
    expect(body).toMatchObject({ page: 2, pageCount: 3, total: 20 });
    expect(body.posts[0]!.title).toBe("Paged 10");
  });
});

describe("search", () => {
  beforeAll(async () => {
    await clearPosts();
    await insertPost(ownerId, { slug: "s-title", title: "Quantum Marmalade Recipes", content: "Plain body one." });
    await insertPost(ownerId, { slug: "s-content", title: "Second", content: "The body mentions ZEPHYRINE compounds and 100% juice_box." });
    await insertPost(ownerId, { slug: "s-excerpt", title: "Third", content: "Nothing special.", excerpt: "An excerpt about Octolith engines." });
    await insertPost(ownerId, { slug: "s-draft", title: "Quantum draft", content: "zephyrine octolith", published: false });
    await insertPost(ownerId, { slug: "s-xy", title: "Fourth", content: "Short xy token here." });
  });

  const slugs = async (q: string) => (await listPublishedPosts(db(), { q })).posts.map((post) => post.slug).sort();

  it.each([
    ["marmalade", ["s-title"]],
    ["QUANTUM MARM", ["s-title"]],
    ["tum marm", ["s-title"]],
    ["zephyr", ["s-content"]],
    ["Zephyrine Comp", ["s-content"]],
    ["octolith", ["s-excerpt"]],
    ["OCTO", ["s-excerpt"]],
    ["xy", ["s-xy"]],
    ["XY", ["s-xy"]],
    ["y", ["s-content", "s-title", "s-xy"]],
    ["100%", ["s-content"]],
    ["%", ["s-content"]],
    ["_", ["s-content"]],
    ["e_b", ["s-content"]],
    ['"quoted"', []],
    ["nothing-matches-this", []],
  ])("%j finds %j (published only)", async (q, expected) => {
    expect(await slugs(q)).toEqual(expected);
  });

  it.each(["", "   ", null])("a blank query %j is ignored", async (q) => {
    const list = await listPublishedPosts(db(), { q });
    expect(list.q).toBe("");
    expect(list.total).toBe(4);
  });

  it("survives FTS syntax in the query", async () => {
    for (const q of ['a" OR "b', "title:quantum", "NEAR(a b)", "*", "^quantum", "(", "'"]) {
      await expect(listPublishedPosts(db(), { q })).resolves.toBeDefined();
    }
  });
});

describe("slug collisions", () => {
  const values = postInputSchema.parse({ title: "Collision Course", content: "Body" });

  it("uses the title's slug, then retries with a 6-character suffix", async () => {
    const first = await createPost(db(), ownerId, values);
    expect(first).toMatchObject({ ok: true, slug: "collision-course" });
    const second = await createPost(db(), ownerId, values);
    expect(second.ok).toBe(true);
    expect(second.ok && second.slug).toMatch(/^collision-course-[a-z0-9]{6}$/);
  });

  it("gives up after 3 attempts in all", async () => {
    let calls = 0;
    const fixed = () => {
      calls++;
      return "aaaaaa";
    };
    await createPost(db(), ownerId, values, fixed); // takes collision-course-aaaaaa if free
    calls = 0;
    expect(await createPost(db(), ownerId, values, fixed)).toEqual({ ok: false });
    expect(calls).toBe(2);
    expect(SAVE_FAILED_MESSAGE).toBe("Could not save post. Try a different title.");
  });

  it("never takes a reserved slug such as /blog/new", async () => {
    const outcome = await createPost(db(), ownerId, postInputSchema.parse({ title: "New", content: "x" }));
    expect(outcome.ok && outcome.slug).toMatch(/^new-[a-z0-9]{6}$/);
  });
});
