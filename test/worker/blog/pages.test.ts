// Blog pages rendered by the server: list, post (head tags, JSON-LD, 404), editor access, RSS and sitemap.
import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { getWithCookies, ownerAccount, signedInAccount } from "../support/auth";
import { clearPosts, insertPost } from "./helpers";
import { getHtml, ORIGIN } from "../support/requests";

type Cookies = Record<string, string>;
let ownerCookies: Cookies;
let readerCookies: Cookies;
let ownerId = "";

const metaContent = (html: string, attr: "name" | "property", key: string) => {
  const match =
    new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`).exec(html) ?? new RegExp(`<meta content="([^"]*)" ${attr}="${key}"`).exec(html);
  return match?.[1];
};

beforeAll(async () => {
  const owner = await ownerAccount();
  ownerCookies = owner.cookies;
  ownerId = owner.body.session.user.id;
  readerCookies = (await signedInAccount()).cookies;
  await clearPosts();
});

describe("/blog", () => {
  it("says No posts yet. when there are none", async () => {
    const { response, html } = await getHtml("/blog");
    expect(response.status).toBe(200);
    expect(html).toContain("No posts yet.");
    expect(html).not.toContain("Page 1 /");
  });

  it("renders cards from the loader, with head tags, pager and search state", async () => {
    const base = Date.UTC(2026, 1, 1);
    for (let i = 0; i < 11; i++)
      await insertPost(ownerId, {
        slug: `card-${i}`,
        title: `Card & <Title> ${i}`,
        excerpt: `Excerpt ${i}`,
        tags: ["a", "b", "c", "d", "e"],
        createdAt: base + i * 1000,
        coverUrl: i % 2 ? "/images/blog/privacy-first.svg" : null,
      });
    await insertPost(ownerId, { slug: "hidden-draft", title: "Hidden Draft", published: false, createdAt: base + 99_000 });

    const { html } = await getHtml("/blog");
    expect(html).toContain("<title>Blog – Parley</title>");
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/blog"/>`);
    expect(metaContent(html, "name", "description")).toBeTruthy();
    expect(html).toContain('href="/blog/card-10"');
    expect(html).toContain("Card &amp; &lt;Title&gt; 10");
    expect(html).not.toContain("Hidden Draft");
    expect(html).toContain("#d");
    expect(html).not.toContain("#e<");
    expect(html).toContain('src="/images/blog/privacy-first.svg"');
    expect(html).toContain('data-testid="cover-placeholder"');
    expect(html).toContain("Page 1 / 2");
    expect((html.match(/href="\/blog\/card-/g) ?? []).length).toBe(9);

    const second = (await getHtml("/blog?page=2")).html;
    expect(second).toContain('href="/blog/card-1"');
    expect(second).toContain('href="/blog/card-0"');

    const search = (await getHtml("/blog?q=Excerpt%209")).html;
    expect(search).toContain("<title>Search “Excerpt 9” – Blog</title>");
    expect(search).toContain(`<link rel="canonical" href="${ORIGIN}/blog"/>`);
    expect(search).toContain('href="/blog/card-9"');
    expect(search).not.toContain('href="/blog/card-8"');
    expect(search).not.toContain("Page 1 /");

    expect((await getHtml("/blog?q=zzzzqqq")).html).toContain("No results.");
  });

  it("shows New Post to the owner only", async () => {
    expect(await (await getWithCookies("/blog", ownerCookies)).text()).toContain('href="/blog/new"');
    expect(await (await getWithCookies("/blog", readerCookies)).text()).not.toMatch(/<main[\s\S]*href="\/blog\/new"/);
  });
});

describe("/blog/{slug}", () => {
  let slug = "";
  beforeAll(async () => {
    slug = (
      await insertPost(ownerId, {
        title: "SEO </script><script>alert(1)</script> Post",
        excerpt: "A description for search engines.",
        coverUrl: "/images/blog/zero-telemetry.svg",
        tags: ["privacy", "seo"],
        content: "## Section\n\nText with a [link](https://example.com).\n\n<script>alert(1)</script><img src=x onerror=alert(1)>",
        createdAt: Date.UTC(2026, 2, 4, 9, 30),
      })
    ).slug;
  });

  it("renders the post with sanitized content, date, reading time and links", async () => {
    const { response, html } = await getHtml(`/blog/${slug}`);
    expect(response.status).toBe(200);
    expect(html).toContain("<h2>Section</h2>");
    expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer nofollow">link</a>');
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).not.toContain("onerror");
    expect(html).toContain("March 4, 2026 at 09:30 UTC");
    expect(html).toContain("1 min read");
    expect(html).toContain("Share on X");
    expect(html).toContain(`href="https://x.com/intent/tweet?url=${encodeURIComponent(`${ORIGIN}/blog/${slug}`)}&amp;text=`);
    expect(html).toContain("Back to Blog");
    expect(html).toContain("No comments yet.");
    expect(html).toContain(`href="/auth?next=/blog/${slug}"`);
    expect(html).toContain("Sign in to comment.");
  });

  it("has title, description, canonical, Open Graph and Article JSON-LD", async () => {
    const { html } = await getHtml(`/blog/${slug}`);
    expect(html).toContain("<title>SEO &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; Post – Parley</title>");
    expect(metaContent(html, "name", "description")).toBe("A description for search engines.");
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/blog/${slug}"/>`);
    expect(metaContent(html, "property", "og:type")).toBe("article");
    expect(metaContent(html, "property", "og:url")).toBe(`${ORIGIN}/blog/${slug}`);
    // Social cards show no SVG: the cover's PNG twin, which the build renders (core/social-images.ts).
    expect(metaContent(html, "property", "og:image")).toBe(`${ORIGIN}/images/blog/zero-telemetry.png`);
    expect(metaContent(html, "property", "og:image:width")).toBe("1200");
    expect(metaContent(html, "property", "og:image:height")).toBe("630");
    expect(metaContent(html, "name", "twitter:card")).toBe("summary_large_image");
    const ld = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
    expect(ld).not.toBeNull();
    expect(ld![1]).not.toContain("<");
    const json = JSON.parse(ld![1]!);
    expect(json).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Article",
      headline: "SEO </script><script>alert(1)</script> Post",
      author: { "@type": "Organization", name: "Parley" },
      publisher: { "@type": "Organization", name: "Parley" },
      datePublished: "2026-03-04T09:30:00.000Z",
    });
  });

  it("falls back to the site's social image when the cover has no PNG twin (an owner's own URL), or there is none", async () => {
    const ownCover = await insertPost(ownerId, { coverUrl: "https://images.example/cover.svg" });
    const noCover = await insertPost(ownerId, { coverUrl: null });
    for (const post of [ownCover, noCover]) {
      const { html } = await getHtml(`/blog/${post.slug}`);
      expect(metaContent(html, "property", "og:image")).toBe(`${ORIGIN}/og/default.png`);
      expect(metaContent(html, "name", "twitter:card")).toBe("summary_large_image");
    }
  });

  it("uses the post's canonical_url when it has one", async () => {
    const external = await insertPost(ownerId, { canonicalUrl: "https://medium.example/original" });
    expect((await getHtml(`/blog/${external.slug}`)).html).toContain('<link rel="canonical" href="https://medium.example/original"/>');
  });

  it("unknown and unpublished slugs give the 404 screen with HTTP 404; the owner sees unpublished posts", async () => {
    const missing = await getHtml("/blog/no-such-post");
    expect(missing.response.status).toBe(404);
    expect(missing.html).toContain("Page not found");
    const draft = await insertPost(ownerId, { title: "Secret Draft", published: false });
    const hidden = await getHtml(`/blog/${draft.slug}`);
    expect(hidden.response.status).toBe(404);
    expect(hidden.html).not.toContain("Secret Draft");
    expect((await getWithCookies(`/blog/${draft.slug}`, readerCookies)).status).toBe(404);
    const own = await getWithCookies(`/blog/${draft.slug}`, ownerCookies);
    expect(own.status).toBe(200);
    const ownHtml = await own.text();
    expect(ownHtml).toContain("Secret Draft");
    expect(ownHtml).toContain("This post is unpublished");
  });

  it("signed-in readers get the comment box", async () => {
    const html = await (await getWithCookies(`/blog/${slug}`, readerCookies)).text();
    expect(html).toContain("Post Comment");
    expect(html).not.toContain("Sign in to comment.");
  });
});

describe("editor access", () => {
  it.each(["/blog/new"])("%s: 403 for visitors and non-owners, the form for the owner", async (path) => {
    const visitor = await SELF.fetch(`${ORIGIN}${path}`);
    expect(visitor.status).toBe(403);
    const visitorHtml = await visitor.text();
    expect(visitorHtml).toContain("403 – Not allowed");
    expect(visitorHtml).toContain("Only the site owner can publish posts.");
    const reader = await getWithCookies(path, readerCookies);
    expect(reader.status).toBe(403);
    expect(await reader.text()).toContain("Only the site owner can publish posts.");
    const owner = await getWithCookies(path, ownerCookies);
    expect(owner.status).toBe(200);
    const html = await owner.text();
    expect(html).toContain("Publish");
    expect(html).toContain("0/160");
    expect(html).not.toContain("403 – Not allowed");
  });

  it("/blog/{slug}/edit is owner-only and prefilled", async () => {
    const post = await insertPost(ownerId, { title: "Editable", tags: ["x", "y"] });
    expect((await getWithCookies(`/blog/${post.slug}/edit`, readerCookies)).status).toBe(403);
    const html = await (await getWithCookies(`/blog/${post.slug}/edit`, ownerCookies)).text();
    expect(html).toContain('value="Editable"');
    expect(html).toContain('value="x, y"');
    expect((await getWithCookies("/blog/missing-post/edit", ownerCookies)).status).toBe(404);
  });
});

describe("feeds", () => {
  it("RSS 2.0 of the latest published posts, escaped", async () => {
    await insertPost(ownerId, { slug: "rss-special", title: 'Fish & <Chips> "quoted"', excerpt: "Less < more & so on", tags: ["food"] });
    await insertPost(ownerId, { slug: "rss-draft", title: "RSS Draft", published: false });
    const response = await SELF.fetch(`${ORIGIN}/blog/rss.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/rss+xml");
    const xml = await response.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<rss version="2.0"');
    expect(xml).toContain("<title>Fish &#38; &#60;Chips&#62; &#34;quoted&#34;</title>");
    expect(xml).toContain(`<link>${ORIGIN}/blog/rss-special</link>`);
    expect(xml).toContain("<description>Less &#60; more &#38; so on</description>");
    expect(xml).not.toContain("RSS Draft");
    // Well-formed: every element closes, and no raw markup from a post is left.
    const opened = (xml.match(/<item>/g) ?? []).length;
    expect(opened).toBeGreaterThan(0);
    expect((xml.match(/<\/item>/g) ?? []).length).toBe(opened);
    expect(xml).not.toMatch(/&(?!#\d+;|amp;|lt;|gt;|quot;|apos;)/);
    expect(xml.match(/<item>/g)!.length).toBeLessThanOrEqual(20);
  });

  it("the sitemap lists /blog and the published posts only", async () => {
    await insertPost(ownerId, { slug: "sitemap-draft", published: false });
    const xml = await (await SELF.fetch(`${ORIGIN}/sitemap.xml`)).text();
    expect(xml).toContain(`<loc>${ORIGIN}/blog</loc>`);
    expect(xml).toContain(`<loc>${ORIGIN}/blog/rss-special</loc>`);
    expect(xml).not.toContain("sitemap-draft");
  });
});
