// Social previews (docs/decisions/0029-lighthouse-and-social-images.md): every public page and every post names an
// Open Graph image, and the served build has that image as a 1200×630 PNG (the build renders them).
import type { APIRequestContext } from "@playwright/test";
import { sitemapPages } from "@core/public-pages";
import { pngSize } from "../../../scripts/og-images.mjs";
import { visit } from "../support/app";
import { expect, test } from "../support/fixtures";

const OWNER_EMAIL = "owner@parley.test";
const run = Date.now().toString(36);

const metaContent = (html: string, attribute: "property" | "name", key: string) =>
  new RegExp(`<meta ${attribute}="${key.replace(/:/g, "\\:")}" content="([^"]*)"`).exec(html)?.[1];

/** The page's og:image (with its size tags and the large Twitter card), fetched: it must be the PNG it claims. */
async function expectSocialImage(request: APIRequestContext, html: string, page: string) {
  const image = metaContent(html, "property", "og:image");
  expect(image, page).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/.+\.png$/);
  expect(metaContent(html, "property", "og:image:width"), page).toBe("1200");
  expect(metaContent(html, "property", "og:image:height"), page).toBe("630");
  expect(metaContent(html, "name", "twitter:card"), page).toBe("summary_large_image");
  const response = await request.get(image!);
  expect(response.status(), image).toBe(200);
  expect(response.headers()["content-type"], image).toBe("image/png");
  expect(pngSize(await response.body()), image).toEqual({ width: 1200, height: 630 });
  return new URL(image!).pathname;
}

test("every public page names a 1200×630 PNG that the site serves, most of them their own", async ({ request }) => {
  const images = new Set<string>();
  for (const page of [...sitemapPages, "/auth"]) {
    const response = await request.get(page);
    expect(response.status(), page).toBe(200);
    images.add(await expectSocialImage(request, await response.text(), page));
  }
  expect(images.size).toBeGreaterThanOrEqual(sitemapPages.length);
});

test.describe("a post's social image", () => {
  test.use({ signedInAs: OWNER_EMAIL });

  test("is its cover's PNG twin, or the site's image when the cover has none", async ({ page, request }) => {
    await visit(page, "/blog");
    const created = await page.evaluate(async (run) => {
      const slugs: string[] = [];
      for (const coverUrl of ["/images/blog/privacy-first.svg", "/favicon.svg"]) {
        const response = await fetch("/api/blog/posts", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ title: `Social image ${run} ${slugs.length}`, content: "A post with a cover.", coverUrl }),
        });
        if (!response.ok) throw new Error(`create failed: ${response.status}`);
        slugs.push(((await response.json()) as { slug: string }).slug);
      }
      return slugs;
    }, run);
    const [twinned, ownCover] = created as [string, string];
    const html = async (slug: string) => (await request.get(`/blog/${slug}`)).text();
    expect(await expectSocialImage(request, await html(twinned), twinned)).toBe("/images/blog/privacy-first.png");
    expect(await expectSocialImage(request, await html(ownCover), ownCover)).toBe("/og/default.png");
  });
});
