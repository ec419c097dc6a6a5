// The editor's preview (DOMPurify in the browser) and the published post (sanitize-html on the server) apply the
// one Markdown policy (core/markdown/policy.ts): for tricky Markdown, the preview's HTML is the post's HTML.
// The post stays a draft, so the blog's list, search and pager (blog.test.ts) never see it.
import type { Page } from "@playwright/test";
import { expectHydrated, visit } from "../support/app";
import { expect, test } from "../support/fixtures";

const OWNER_EMAIL = "owner@parley.test";
const run = Date.now().toString(36);
const main = (page: Page) => page.getByRole("main");

const TRICKY = [
  "# Heading one",
  "## Heading two",
  "Text with **bold**, _emphasis_, `code <b>here</b>`, ~~gone~~ and a line",
  "that goes on.",
  "",
  '- [web](https://example.com/a?b=1&c=2 "A title") and [mail](mailto:me@example.com)',
  "- [here](/about), [js](javascript:alert(1)), [other host](//evil.example/x) and [data](data:text/html,x)",
  "",
  "1. one",
  "2. two",
  "",
  "> a quote",
  "",
  "| left | right |",
  "|:-----|------:|",
  "| 1    | 2     |",
  "",
  "```ts",
  "const x = 1 < 2 && true;",
  "```",
  "",
  "![same site](/images/blog/privacy-first.svg) ![](/images/blog/privacy-first.svg) ![far](https://tracker.example/p.gif)",
  "",
  '<div class="fixed inset-0" style="color:red" onclick="window.__xss = 1" id="x">wrapped <kbd>Ctrl</kbd> <sup>1</sup><sub>2</sub></div>',
  "",
  '<p><a href="/x" rel="opener" target="_top" title="">raw link</a> <code class="language-js other">y</code></p>',
  "",
  '<h1 id="top">Raw heading</h1>',
  "",
  "<details><summary>more</summary>hidden text</details>",
  "",
  '<script>window.__xss = 2</script><iframe src="/about"></iframe><select><option>secret</option></select>',
  "",
  `end ${run}`,
].join("\n");

test.describe("blog editor preview", () => {
  test.use({ signedInAs: OWNER_EMAIL });

  test("shows exactly the HTML the published post shows, for tricky Markdown", async ({ page }) => {
    test.setTimeout(90_000);
    await visit(page, "/blog");
    const { id, slug } = await page.evaluate(async (title) => {
      const created = await fetch("/api/blog/posts", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ title, content: "Placeholder." }),
      });
      if (!created.ok) throw new Error(`create failed: ${created.status}`);
      const post = (await created.json()) as { id: string; slug: string };
      const unpublished = await fetch(`/api/blog/posts/${post.id}`, {
        method: "PATCH",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ published: false }),
      });
      if (!unpublished.ok) throw new Error(`unpublish failed: ${unpublished.status}`);
      return post;
    }, `Preview draft ${run}`);
    expect(id).toBeTruthy();

    await visit(page, `/blog/${slug}/edit`);
    await page.getByLabel("Content (Markdown)").fill(TRICKY);
    const preview = page.getByTestId("markdown-preview");
    await expect(preview).toContainText(`end ${run}`);
    const previewHtml = await preview.innerHTML();

    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page).toHaveURL(`/blog/${slug}`);
    await expectHydrated(page);
    const published = main(page).locator(".blog-prose");
    await expect(published).toContainText(`end ${run}`);
    expect(previewHtml).toBe(await published.innerHTML());

    // And the policy is what both show: the h1 became h2, the refused parts are gone.
    expect(previewHtml).toContain("<h2>Heading one</h2>");
    expect(previewHtml).toContain("<h2>Raw heading</h2>");
    expect(previewHtml).not.toMatch(/<(script|iframe|select|div|details|h1)\b|onclick|style=|javascript:|tracker\.example|evil\.example/);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  });
});
