// Comments without JavaScript: the box posts to the post's page, whose action adds the comment like the API.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMITS } from "@worker/lib/rate-limit-rules";
import { confirmedAccount, cookieHeader, sendWithCookies } from "../support/auth";
import { insertPost } from "./helpers";
import { postFormWithProof, withProof } from "../support/proof";
import { clearOfTheWindowEnd } from "../support/rate-limits";

type Cookies = Record<string, string>;
let reader: { cookies: Cookies; id: string };
let slug = "";

async function commentsBy(userId: string) {
  const { results } = await env.DB.prepare("SELECT content FROM comments WHERE author_id = ? ORDER BY created_at").bind(userId).all();
  return results.map((row) => row.content);
}

beforeAll(async () => {
  const account = await confirmedAccount();
  reader = { cookies: account.cookies, id: account.body.session.user.id };
  slug = (await insertPost(reader.id, { title: "Commented without scripts" })).slug;
});

const post = (content: string, cookies?: Cookies) =>
  postFormWithProof(`/blog/${slug}`, { intent: "comment", content }, cookies ? { cookie: cookieHeader(cookies) } : {});

describe("POST /blog/:slug (a comment, no JavaScript)", () => {
  it("sends a visitor to sign in first, and back to the post", async () => {
    const response = await post("Hello");
    expect([302, 303]).toContain(response.status);
    expect(response.headers.get("location")).toBe(`/auth?next=${encodeURIComponent(`/blog/${slug}`)}`);
  });

  it("adds the comment, trimmed, and the page shows it with an empty box", async () => {
    const response = await post("  Lovely <b>post</b>  ", reader.cookies);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Lovely &lt;b&gt;post&lt;/b&gt;");
    expect(html).toMatch(/<textarea[^>]*id="comment-text"[^>]*><\/textarea>/);
    expect(await commentsBy(reader.id)).toContain("Lovely <b>post</b>");
  });

  it("refuses a blank comment with the API's message and keeps the box as it was", async () => {
    const before = await commentsBy(reader.id);
    const response = await post("   ", reader.cookies);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('role="alert"');
    expect(html).toContain("Your comment was not posted. Your text is still here: please try again. (Write a comment first.)");
    expect(await commentsBy(reader.id)).toEqual(before);
  });

  it("answers 404 for a post that does not exist", async () => {
    const response = await postFormWithProof("/blog/no-such-post", { intent: "comment", content: "Hi" }, { cookie: cookieHeader(reader.cookies) });
    expect(response.status).toBe(404);
  });

  it("counts against the same per-account limit as the API", async () => {
    const account = await confirmedAccount();
    const cookies = account.cookies;
    await clearOfTheWindowEnd(RATE_LIMITS.comment, 20);
    for (let i = 0; i < 10; i++)
      expect((await sendWithCookies("POST", `/api/blog/posts/${slug}/comments`, cookies, await withProof({ content: `api ${i}` }))).status).toBe(201);
    const response = await post("one too many", cookies);
    expect(response.status).toBe(429);
    const html = await response.text();
    expect(html).toContain("Too many requests. Please wait a moment and try again.");
    expect(html).toContain("one too many");
  });
});
