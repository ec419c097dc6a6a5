// /api/blog: comments need a session; creating, editing, unpublishing and deleting posts need the owner.
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMITS } from "@worker/lib/rate-limit-rules";
import { getWithCookies, ownerAccount, sendWithCookies, signedInAccount } from "../support/auth";
import { insertPost } from "./helpers";
import { ORIGIN, postJson } from "../support/requests";
import { withProof } from "../support/proof";
import { clearOfTheWindowEnd } from "../support/rate-limits";

type Cookies = Record<string, string>;
let owner: { cookies: Cookies; id: string };
let reader: { cookies: Cookies; id: string };
let other: { cookies: Cookies; id: string };

beforeAll(async () => {
  const o = await ownerAccount();
  owner = { cookies: o.cookies, id: o.body.session.user.id };
  const r = await signedInAccount();
  reader = { cookies: r.cookies, id: r.body.session.user.id };
  const x = await signedInAccount();
  other = { cookies: x.cookies, id: x.body.session.user.id };
});

describe("comments", () => {
  let slug = "";
  beforeAll(async () => {
    slug = (await insertPost(owner.id, { title: "Commented" })).slug;
  });

  it("needs a session: 401 Not signed in", async () => {
    const response = await postJson(`/api/blog/posts/${slug}/comments`, { content: "hello" });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: { code: "not_signed_in", message: "Not signed in" } });
  });

  it.each(["", "   ", "\n\t"])("rejects a blank comment %j", async (content) => {
    const response = await sendWithCookies("POST", `/api/blog/posts/${slug}/comments`, reader.cookies, await withProof({ content }));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { fields: Record<string, string> } };
    expect(body.error.fields.content).toBe("Write a comment first.");
  });

  it("trims, stores the author from the session, lists oldest first and escapes on render", async () => {
    const first = await sendWithCookies(
      "POST",
      `/api/blog/posts/${slug}/comments`,
      reader.cookies,
      await withProof({ content: "  First!  ", authorId: owner.id }),
    );
    expect(first.status).toBe(201);
    const { comment } = (await first.json()) as { comment: { id: string; content: string; mine: boolean } };
    expect(comment).toMatchObject({ content: "First!", mine: true });
    const row = await env.DB.prepare("SELECT author_id, content FROM comments WHERE id = ?")
      .bind(comment.id)
      .first<{ author_id: string; content: string }>();
    expect(row).toEqual({ author_id: reader.id, content: "First!" });

    const hostile = '<img src=x onerror="alert(1)"><script>alert(2)</script>';
    expect((await sendWithCookies("POST", `/api/blog/posts/${slug}/comments`, other.cookies, await withProof({ content: hostile }))).status).toBe(
      201,
    );

    const list = (await (await getWithCookies(`/api/blog/posts/${slug}/comments`, reader.cookies)).json()) as {
      comments: Array<{ content: string; mine: boolean; authorLabel: string }>;
    };
    expect(list.comments.map((c) => [c.content, c.mine])).toEqual([
      ["First!", true],
      [hostile, false],
    ]);
    expect(JSON.stringify(list)).not.toContain("@");

    const html = await (await SELF.fetch(`${ORIGIN}/blog/${slug}`)).text();
    expect(html).toContain("First!");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt;");
    expect(html).not.toContain(hostile);
    expect(html.indexOf("First!")).toBeLessThan(html.indexOf("&lt;img src=x"));
  });

  it("a reader deletes only their own comments; the owner moderates any", async () => {
    const created = await sendWithCookies("POST", `/api/blog/posts/${slug}/comments`, reader.cookies, await withProof({ content: "mine" }));
    const { comment } = (await created.json()) as { comment: { id: string } };
    expect((await sendWithCookies("DELETE", `/api/blog/comments/${comment.id}`, other.cookies)).status).toBe(403);
    expect((await sendWithCookies("DELETE", `/api/blog/comments/${comment.id}`, reader.cookies)).status).toBe(200);
    const again = await sendWithCookies("POST", `/api/blog/posts/${slug}/comments`, reader.cookies, await withProof({ content: "moderate me" }));
    const id = ((await again.json()) as { comment: { id: string } }).comment.id;
    expect((await sendWithCookies("DELETE", `/api/blog/comments/${id}`, owner.cookies)).status).toBe(200);
  });

  it("no comments on unknown or unpublished posts", async () => {
    const draft = await insertPost(owner.id, { published: false });
    expect((await sendWithCookies("POST", `/api/blog/posts/${draft.slug}/comments`, reader.cookies, await withProof({ content: "hi" }))).status).toBe(
      404,
    );
    expect((await sendWithCookies("POST", "/api/blog/posts/no-such-post/comments", reader.cookies, await withProof({ content: "hi" }))).status).toBe(
      404,
    );
  });

  it("is rate-limited per user", async () => {
    const { cookies } = await signedInAccount();
    await clearOfTheWindowEnd(RATE_LIMITS.comment, 20);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await sendWithCookies("POST", `/api/blog/posts/${slug}/comments`, cookies, await withProof({ content: `c${i}` }))).status);
    expect(statuses.slice(0, 10).every((status) => status === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe("owner-only posts", () => {
  const payload = {
    title: "Owner Post",
    excerpt: "",
    coverUrl: "/images/blog/privacy-first.svg",
    tags: "Privacy, AI",
    canonicalUrl: "",
    content: "# Hello\n\nBody **text**.",
  };

  it("a visitor gets 401, a signed-in non-owner 403, for every write", async () => {
    expect((await postJson("/api/blog/posts", payload)).status).toBe(401);
    const target = await insertPost(owner.id, { title: "Untouchable" });
    const calls: Array<[string, string, unknown]> = [
      ["POST", "/api/blog/posts", payload],
      ["PUT", `/api/blog/posts/${target.id}`, payload],
      ["PATCH", `/api/blog/posts/${target.id}`, { published: false }],
      ["DELETE", `/api/blog/posts/${target.id}`, undefined],
    ];
    for (const [method, path, body] of calls) {
      const response = await sendWithCookies(method, path, reader.cookies, body);
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(((await response.json()) as { error: { message: string } }).error.message).toBe("Only the site owner can publish posts.");
    }
    const row = await env.DB.prepare("SELECT title, published FROM posts WHERE id = ?").bind(target.id).first();
    expect(row).toEqual({ title: "Untouchable", published: 1 });
  });

  it("the owner creates (published, normalised), edits, unpublishes and deletes", async () => {
    const created = await sendWithCookies("POST", "/api/blog/posts", owner.cookies, payload);
    expect(created.status).toBe(201);
    const { id, slug } = (await created.json()) as { id: string; slug: string };
    expect(slug).toBe("owner-post");
    const row = await env.DB.prepare("SELECT excerpt, tags, canonical_url, published, author_id FROM posts WHERE id = ?").bind(id).first();
    expect(row).toEqual({ excerpt: "Hello Body text.", tags: '["privacy","ai"]', canonical_url: null, published: 1, author_id: owner.id });

    // The same title again gets a suffixed slug.
    const twin = (await (await sendWithCookies("POST", "/api/blog/posts", owner.cookies, payload)).json()) as { slug: string };
    expect(twin.slug).toMatch(/^owner-post-[a-z0-9]{6}$/);

    const edited = await sendWithCookies("PUT", `/api/blog/posts/${id}`, owner.cookies, { ...payload, title: "Owner Post, edited" });
    expect(await edited.json()).toEqual({ slug: "owner-post" });
    expect((await env.DB.prepare("SELECT title FROM posts WHERE id = ?").bind(id).first())!.title).toBe("Owner Post, edited");

    expect((await sendWithCookies("PATCH", `/api/blog/posts/${id}`, owner.cookies, { published: false })).status).toBe(200);
    expect((await SELF.fetch(`${ORIGIN}/api/blog/posts/${slug}`)).status).toBe(404);
    expect((await getWithCookies(`/api/blog/posts/${slug}`, owner.cookies)).status).toBe(200);

    expect((await sendWithCookies("DELETE", `/api/blog/posts/${id}`, owner.cookies)).status).toBe(200);
    expect(await env.DB.prepare("SELECT id FROM posts WHERE id = ?").bind(id).first()).toBeNull();
    expect((await sendWithCookies("DELETE", `/api/blog/posts/${id}`, owner.cookies)).status).toBe(404);
  });

  it.each([
    [{ ...payload, title: "  " }, "title"],
    [{ ...payload, content: "" }, "content"],
    [{ ...payload, coverUrl: "https://cdn.example/x.png" }, "coverUrl"],
    [{ ...payload, canonicalUrl: "javascript:alert(1)" }, "canonicalUrl"],
  ])("rejects invalid input with a field error (%#)", async (body, field) => {
    const response = await sendWithCookies("POST", "/api/blog/posts", owner.cookies, body);
    expect(response.status).toBe(400);
    expect(Object.keys(((await response.json()) as { error: { fields: Record<string, string> } }).error.fields)).toContain(field);
  });

  it("cross-site writes are refused", async () => {
    const response = await SELF.fetch(`${ORIGIN}/api/blog/posts`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      body: JSON.stringify(payload),
    });
    expect(response.status).toBe(403);
  });
});
