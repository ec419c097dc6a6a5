import { env } from "cloudflare:test";
import { expect, it } from "vitest";
import { signedInAccount } from "../support/auth";

it("posts_fts follows inserts, updates and deletes, matching substrings case-insensitively", async () => {
  const { body } = await signedInAccount();
  const author = body.session.user.id;
  await env.DB.prepare(
    "INSERT INTO posts (id, slug, title, content, excerpt, author_id) VALUES ('p1', 'privacy-first', 'Privacy First Translation', 'Offline engines keep words local.', NULL, ?)",
  )
    .bind(author)
    .run();
  const search = async (term: string) =>
    (
      await env.DB.prepare("SELECT p.id FROM posts_fts JOIN posts p ON p.rowid = posts_fts.rowid WHERE posts_fts MATCH ?")
        .bind(`"${term}"`)
        .all<{ id: string }>()
    ).results.map((row) => row.id);
  expect(await search("VACY FIR")).toEqual(["p1"]);
  expect(await search("engines")).toEqual(["p1"]);
  await env.DB.prepare("UPDATE posts SET content = 'Nothing leaves the device.' WHERE id = 'p1'").run();
  expect(await search("engines")).toEqual([]);
  expect(await search("leaves the")).toEqual(["p1"]);
  await env.DB.prepare("DELETE FROM posts WHERE id = 'p1'").run();
  expect(await search("leaves the")).toEqual([]);
});

it("posts_fts holds published posts only: publishing adds a post, unpublishing or deleting a draft leaves the index intact", async () => {
  const { body } = await signedInAccount();
  const author = body.session.user.id;
  const indexed = async (term: string) =>
    (await env.DB.prepare("SELECT rowid FROM posts_fts WHERE posts_fts MATCH ?").bind(`"${term}"`).all<{ rowid: number }>()).results.length;
  await env.DB.prepare(
    "INSERT INTO posts (id, slug, title, content, author_id, published) VALUES ('d1', 'draft-one', 'Draft about zanzibar', 'Body', ?, 0)",
  )
    .bind(author)
    .run();
  expect(await indexed("zanzibar")).toBe(0);
  // Editing a draft must not issue an FTS 'delete' for a row that was never indexed.
  await env.DB.prepare("UPDATE posts SET title = 'Draft about quokkas' WHERE id = 'd1'").run();
  expect(await indexed("quokkas")).toBe(0);
  await env.DB.prepare("UPDATE posts SET published = 1 WHERE id = 'd1'").run();
  expect(await indexed("quokkas")).toBe(1);
  await env.DB.prepare("UPDATE posts SET title = 'Published about wombats' WHERE id = 'd1'").run();
  expect([await indexed("quokkas"), await indexed("wombats")]).toEqual([0, 1]);
  await env.DB.prepare("UPDATE posts SET published = 0 WHERE id = 'd1'").run();
  expect(await indexed("wombats")).toBe(0);
  await env.DB.prepare("DELETE FROM posts WHERE id = 'd1'").run();
  expect(await indexed("wombats")).toBe(0);
  // A new published post is found.
  await env.DB.prepare("INSERT INTO posts (id, slug, title, content, author_id) VALUES ('d2', 'live-one', 'Live about wombats', 'Body', ?)")
    .bind(author)
    .run();
  expect(await indexed("wombats")).toBe(1);
  // And it is internally consistent (rank 0: by design it does not mirror every row of posts).
  await env.DB.prepare("INSERT INTO posts_fts(posts_fts, rank) VALUES ('integrity-check', 0)").run();
});
