// The Studio's blog rooms (docs/product.md#blog, #studio): drafts, scheduling carried out by the hourly cron, and
// comment moderation (hide, delete), plus a reader deleting their own comment from the post page without JavaScript.
import { createExecutionContext, createScheduledController, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import worker from "@worker/index";
import { beforeAll, describe, expect, it } from "vitest";
import { HOURLY_CRON } from "@worker/services/studio/hourly";
import { cookieHeader, getWithCookies, ownerAccount, sendWithCookies, signedInAccount } from "../support/auth";
import { getHtml, ORIGIN, postForm } from "../support/requests";
import { withProof } from "../support/proof";

type Account = Awaited<ReturnType<typeof signedInAccount>>;
let owner: Account;
let reader: Account;
let other: Account;

beforeAll(async () => {
  owner = await ownerAccount();
  reader = await signedInAccount();
  other = await signedInAccount();
});

const postValues = (title: string) => ({ title, content: `The body of ${title}.` });

async function createPost(title: string, draft: boolean) {
  const response = await sendWithCookies("POST", "/api/blog/posts", owner.cookies, { ...postValues(title), draft });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; slug: string };
}

async function publicEverywhere(slug: string, title: string) {
  const [page, list, rss, sitemap, search] = await Promise.all([
    SELF.fetch(`${ORIGIN}/blog/${slug}`),
    getHtml("/blog"),
    getHtml("/blog/rss.xml"),
    getHtml("/sitemap.xml"),
    SELF.fetch(`${ORIGIN}/api/blog/posts?q=${encodeURIComponent(title)}`),
  ]);
  const found = ((await search.json()) as { posts: Array<{ slug: string }> }).posts.some((post) => post.slug === slug);
  return { page: page.status, list: list.html.includes(slug), rss: rss.html.includes(slug), sitemap: sitemap.html.includes(slug), search: found };
}

const ownerForm = (path: string, fields: Record<string, string>) => postForm(path, fields, { cookie: cookieHeader(owner.cookies) });

describe("drafts and scheduling", () => {
  it("saves a draft that no public page, feed or search shows, and the Studio lists it", async () => {
    const { slug } = await createPost("Quiet draft zebra", true);
    expect(await publicEverywhere(slug, "Quiet draft zebra")).toEqual({ page: 404, list: false, rss: false, sitemap: false, search: false });
    const studio = await (await getWithCookies("/studio/posts", owner.cookies)).text();
    expect(studio).toMatch(/Quiet draft zebra[\s\S]*?Draft/);
  });

  it("schedules a post; the hourly cron publishes it at its time, dated then", async () => {
    const { id, slug } = await createPost("Scheduled yak", false);
    const publishAt = new Date(Date.now() + 3 * 60 * 60 * 1000);
    publishAt.setUTCSeconds(0, 0);
    const response = await ownerForm("/studio/posts", { intent: "schedule", id, publishAt: publishAt.toISOString().slice(0, 16) });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("The post is scheduled.");
    expect(await publicEverywhere(slug, "Scheduled yak")).toEqual({ page: 404, list: false, rss: false, sitemap: false, search: false });

    // An hour before its time the cron leaves it; at its time the cron publishes it.
    const runHourly = async (now: number) => {
      const ctx = createExecutionContext();
      await worker.scheduled(createScheduledController({ cron: HOURLY_CRON, scheduledTime: now }), env, ctx);
      await waitOnExecutionContext(ctx);
    };
    await runHourly(publishAt.getTime() - 60 * 60 * 1000);
    expect((await publicEverywhere(slug, "Scheduled yak")).page).toBe(404);
    await runHourly(publishAt.getTime() + 60_000);
    expect(await publicEverywhere(slug, "Scheduled yak")).toEqual({ page: 200, list: true, rss: true, sitemap: true, search: true });
    const row = await env.DB.prepare("SELECT created_at, publish_at FROM posts WHERE id = ?")
      .bind(id)
      .first<{ created_at: number; publish_at: number | null }>();
    expect(row).toEqual({ created_at: publishAt.getTime(), publish_at: null });
  });

  it("refuses a time in the past with the field's error and keeps what was typed", async () => {
    const { id } = await createPost("Past ibis", true);
    const response = await ownerForm("/studio/posts", { intent: "schedule", id, publishAt: "2001-01-01T10:00" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Choose a date and time in the future (UTC).");
    expect(html).toContain('value="2001-01-01T10:00"');
  });

  it("publishes, unpublishes and deletes from the list without JavaScript", async () => {
    const { id, slug } = await createPost("Toggle newt", true);
    await ownerForm("/studio/posts", { intent: "publish", id });
    expect((await SELF.fetch(`${ORIGIN}/blog/${slug}`)).status).toBe(200);
    await ownerForm("/studio/posts", { intent: "unpublish", id });
    expect((await SELF.fetch(`${ORIGIN}/blog/${slug}`)).status).toBe(404);
    expect((await ownerForm("/studio/posts", { intent: "delete", id })).status).toBe(200);
    expect(await env.DB.prepare("SELECT id FROM posts WHERE id = ?").bind(id).first()).toBeNull();
  });
});

async function comment(slug: string, account: Account, content: string) {
  // An account's first comment carries the human check's proof (docs/decisions/0018-bot-protection.md).
  const response = await sendWithCookies("POST", `/api/blog/posts/${slug}/comments`, account.cookies, await withProof({ content }));
  expect(response.status).toBe(201);
  return ((await response.json()) as { comment: { id: string } }).comment.id;
}

describe("comments", () => {
  it("lists every comment newest first; a hidden one disappears from the post and comes back when shown", async () => {
    const { slug } = await createPost("Commented heron", false);
    const older = await comment(slug, reader, "Older remark about herons");
    await comment(slug, reader, "Newer remark about herons");
    const studio = await (await getWithCookies("/studio/comments", owner.cookies)).text();
    expect(studio.indexOf("Newer remark about herons")).toBeLessThan(studio.indexOf("Older remark about herons"));

    expect((await ownerForm("/studio/comments", { intent: "visibility", id: older, visibility: "hide" })).status).toBe(200);
    const post = await (await getWithCookies(`/blog/${slug}`, owner.cookies)).text();
    expect(post).not.toContain("Older remark about herons");
    expect(post).toContain("Newer remark about herons");
    const api = (await (await SELF.fetch(`${ORIGIN}/api/blog/posts/${slug}/comments`)).json()) as { comments: Array<{ id: string }> };
    expect(api.comments.map((c) => c.id)).not.toContain(older);
    expect(await (await getWithCookies("/studio/comments", owner.cookies)).text()).toMatch(/Hidden[\s\S]*Older remark about herons/);

    await ownerForm("/studio/comments", { intent: "visibility", id: older, visibility: "show" });
    expect(await (await SELF.fetch(`${ORIGIN}/blog/${slug}`)).text()).toContain("Older remark about herons");
  });

  it("the owner deletes any comment from the Studio", async () => {
    const { slug } = await createPost("Moderated crane", false);
    const id = await comment(slug, reader, "To be removed");
    expect((await ownerForm("/studio/comments", { intent: "delete", id })).status).toBe(200);
    expect(await env.DB.prepare("SELECT id FROM comments WHERE id = ?").bind(id).first()).toBeNull();
  });

  it("a reader deletes their own comment from the post page without JavaScript, and nobody else's", async () => {
    const { slug } = await createPost("Own words stork", false);
    const mine = await comment(slug, reader, "Mine to delete");
    const theirs = await comment(slug, other, "Not yours");
    const refused = await postForm(`/blog/${slug}`, { intent: "delete-comment", id: theirs }, { cookie: cookieHeader(reader.cookies) });
    expect(refused.status).toBe(403);
    expect(await env.DB.prepare("SELECT id FROM comments WHERE id = ?").bind(theirs).first()).not.toBeNull();

    const page = await getWithCookies(`/blog/${slug}`, reader.cookies);
    expect(await page.text()).toMatch(/name="intent" value="delete-comment"/);
    const response = await postForm(`/blog/${slug}`, { intent: "delete-comment", id: mine }, { cookie: cookieHeader(reader.cookies) });
    expect(response.status).toBe(200);
    expect(await response.text()).not.toContain("Mine to delete");
    expect(await env.DB.prepare("SELECT id FROM comments WHERE id = ?").bind(mine).first()).toBeNull();
  });
});
