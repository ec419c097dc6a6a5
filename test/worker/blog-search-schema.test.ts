import { env } from "cloudflare:test";
import { expect, it } from "vitest";
import { confirmedAccount } from "./auth-helpers";

it("posts_fts follows inserts, updates and deletes, matching substrings case-insensitively", async () => {
  const { body } = await confirmedAccount();
  const author = body.session.user.id;
  await env.DB.prepare("INSERT INTO posts (id, slug, title, content, excerpt, author_id) VALUES ('p1', 'privacy-first', 'Privacy First Translation', 'Offline engines keep words local.', NULL, ?)").bind(author).run();
  const search = async (term: string) =>
    (await env.DB.prepare("SELECT p.id FROM posts_fts JOIN posts p ON p.rowid = posts_fts.rowid WHERE posts_fts MATCH ?").bind(`"${term}"`).all<{ id: string }>()).results.map((row) => row.id);
  expect(await search("VACY FIR")).toEqual(["p1"]);
  expect(await search("engines")).toEqual(["p1"]);
  await env.DB.prepare("UPDATE posts SET content = 'Nothing leaves the device.' WHERE id = 'p1'").run();
  expect(await search("engines")).toEqual([]);
  expect(await search("leaves the")).toEqual(["p1"]);
  await env.DB.prepare("DELETE FROM posts WHERE id = 'p1'").run();
  expect(await search("leaves the")).toEqual([]);
});
