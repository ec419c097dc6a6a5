// The blog in a real browser against the real server (fresh database, no seeds): the owner publishes,
// visitors search and page, a signed-in reader comments, and hostile Markdown runs nothing.
import type { Page } from "@playwright/test";
import { expectHydrated, visit } from "../support/app";
import { expect, logPage, test } from "../support/fixtures";

const OWNER_EMAIL = "owner@parley.test";
const run = Date.now().toString(36);
const READER_EMAIL = `reader-${run}@example.com`;
const main = (page: Page) => page.getByRole("main");
const marker = `zqx${run}`;
const publishedSlug = `browser-post-${marker}`;

const HOSTILE = [
  "<script>window.__xss = 1; alert(1)</script>",
  '<img src=x onerror="window.__xss = 2; alert(2)">',
  '<svg onload="window.__xss = 3"></svg>',
  '<iframe src="javascript:window.__xss = 4"></iframe>',
  "[click me](javascript:window.__xss=5)",
  '<a href="&#106;avascript:window.__xss=6">encoded</a>',
  '<form action="javascript:alert(7)"><button>go</button></form>',
  "![pixel](https://tracker.example/pixel.gif)",
  '<details open ontoggle="window.__xss = 8">x</details>',
].join("\n\n");

/** Records every dialog the page opens (alert, confirm, prompt) and dismisses it. */
function recordDialogs(page: Page, dialogs: string[]) {
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
}

const xssMark = (page: Page) => page.evaluate(() => (window as unknown as { __xss?: number }).__xss);

async function createPostsThroughApi(page: Page, count: number) {
  await page.evaluate(
    async ({ count, run }) => {
      for (let i = 0; i < count; i++) {
        const response = await fetch("/api/blog/posts", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ title: `Paging post ${run} ${i}`, content: `Filler post number ${i}.`, tags: "paging" }),
        });
        if (!response.ok) throw new Error(`create failed: ${response.status}`);
      }
    },
    { count, run },
  );
}

// Each test builds on the posts and comments of the ones before it.
test.describe.configure({ mode: "serial" });

test.describe("blog, as the owner", () => {
  test.use({ signedInAs: OWNER_EMAIL });

  test("the owner publishes a post with hostile Markdown from /blog/new; it renders inert and appears in the list and search", async ({
    page,
    newVisitor,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const dialogs: string[] = [];
    recordDialogs(page, dialogs);
    await visit(page, "/blog/new");
    await expect(main(page).getByRole("heading", { level: 1, name: "New post" })).toBeVisible();

    await page.getByLabel("Title").fill(`Browser post ${marker}`);
    await page.getByLabel("Excerpt").fill("Short summary");
    await expect(main(page).getByText("13/160")).toBeVisible();
    await page.getByLabel("Cover image URL").fill("/images/blog/privacy-first.svg");
    await page.getByLabel("Tags").fill("Privacy, Browser, privacy");
    const tags = page.getByRole("list", { name: "Parsed tags" });
    await expect(tags.getByText("#browser")).toBeVisible();
    await expect(tags.getByRole("listitem")).toHaveCount(2);
    await page.getByLabel("Content (Markdown)").fill(`## Hello from the browser\n\nSearchable ${marker} text.\n\n${HOSTILE}`);
    // The live preview (marked + DOMPurify, loaded on demand) renders the heading and nothing hostile.
    const preview = page.getByTestId("markdown-preview");
    await expect(preview.getByRole("heading", { name: "Hello from the browser" })).toBeVisible();
    await expect(preview.locator("script, iframe, svg, form, img[src^='http']")).toHaveCount(0);

    await page.getByRole("button", { name: "Publish" }).click();
    await expect(page).toHaveURL(`/blog/${publishedSlug}`);
    await expectHydrated(page);
    await expect(main(page).getByRole("heading", { level: 1, name: `Browser post ${marker}` })).toBeVisible();
    await expect(main(page).getByRole("heading", { name: "Hello from the browser" })).toBeVisible();
    // The javascript: link lost its href (it is plain text now, not a link).
    await expect(main(page).getByText("click me")).not.toHaveAttribute("href");
    await expect(main(page).getByRole("link", { name: "click me" })).toHaveCount(0);

    // Loaded by a plain visitor too: nothing ran, no dialog opened, no request left the site. The page's load
    // event, which `visit` waits for, comes after every image, frame and SVG had its chance to fire a handler.
    const visitor = await newVisitor();
    const visitorLog = logPage(visitor);
    recordDialogs(visitor, dialogs);
    await visit(visitor, `/blog/${publishedSlug}`);
    await expect(main(visitor).getByText(`Searchable ${marker} text.`)).toBeVisible();
    expect(await xssMark(visitor)).toBeUndefined();
    expect(await xssMark(page)).toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(visitorLog.requests.filter((request) => !request.startsWith(baseURL!))).toEqual([]);

    // In the list and in search.
    await visit(page, "/blog");
    await expect(main(page).getByRole("link", { name: `Browser post ${marker}` })).toBeVisible();
  });

  test("search applies on Enter, sets q, drops page and replaces history; the pager pages", async ({ page, newVisitor }) => {
    test.setTimeout(90_000);
    await visit(page, "/blog");
    await createPostsThroughApi(page, 10);
    const visitor = await newVisitor();
    // A fake clock, so that any search-as-you-type delay can be run out at once below.
    await visitor.clock.install();
    await visit(visitor, "/blog");
    await expect(main(visitor).getByText("Page 1 / 2")).toBeVisible();
    const pager = main(visitor).getByRole("navigation", { name: "Blog pages" });
    await expect(pager.getByText("Prev")).toHaveAttribute("aria-disabled", "true");
    await main(visitor).getByRole("link", { name: "Next" }).click();
    await expect(visitor).toHaveURL("/blog?page=2");
    await expect(main(visitor).getByText("Page 2 / 2")).toBeVisible();
    await expect(pager.getByText("Next")).toHaveAttribute("aria-disabled", "true");
    await expect(main(visitor).locator("article")).toHaveCount(2);

    const historyBefore = await visitor.evaluate(() => history.length);
    const query = marker.toUpperCase().slice(0, 6);
    const search = visitor.getByRole("searchbox", { name: "Search posts" });
    await search.fill(query);
    // Typing alone does nothing, however long one waits.
    await visitor.clock.runFor(5_000);
    await expect(visitor).toHaveURL("/blog?page=2");
    await search.press("Enter");
    await expect(visitor).toHaveURL(`/blog?q=${query}`);
    await expect(main(visitor).locator("article")).toHaveCount(1);
    await expect(main(visitor).getByRole("link", { name: `Browser post ${marker}` })).toBeVisible();
    expect(await visitor.evaluate(() => history.length)).toBe(historyBefore);
    await expect(visitor).toHaveTitle(`Search “${query}” – Blog`);
    await expect(main(visitor).getByText(/^Page \d/)).toHaveCount(0);

    await search.fill("no-such-words-anywhere");
    await search.press("Enter");
    await expect(main(visitor).getByText("No results.")).toBeVisible();

    await main(visitor).getByText("Clear search").click();
    await expect(visitor).toHaveURL("/blog");
    await expect(main(visitor).getByText("Page 1 / 2")).toBeVisible();
    // Open a post from its card.
    await main(visitor)
      .getByRole("link", { name: `Paging post ${run} 9` })
      .click();
    await expect(visitor).toHaveURL(/\/blog\/paging-post-/);
    await expect(main(visitor).getByRole("heading", { level: 1, name: `Paging post ${run} 9` })).toBeVisible();
    await expect(main(visitor).getByText("Filler post number 9.")).toBeVisible();
  });
});

test.describe("blog, as a reader", () => {
  test.use({ signedInAs: READER_EMAIL });

  test("a signed-in reader comments: blank is not sent, the comment appears and the box clears", async ({ page, newVisitor }) => {
    await visit(page, `/blog/${publishedSlug}`);
    await expect(main(page).getByText("No comments yet.")).toBeVisible();
    const box = page.getByLabel("Add a comment");
    const button = main(page).getByRole("button", { name: "Post Comment" });
    await box.fill("   ");
    await expect(button).toBeDisabled();
    await box.fill("  Great <b>post</b>!  ");
    await button.click();
    await expect(main(page).getByTestId("comment").filter({ hasText: "Great <b>post</b>!" })).toBeVisible();
    await expect(box).toHaveValue("");
    await expect(main(page).getByText("No comments yet.")).toHaveCount(0);

    // A failed request keeps the text and says so.
    await page.route("**/api/blog/posts/*/comments", (route) =>
      route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ error: { code: "unavailable", message: "Try later" } }) }),
    );
    await box.fill("Second thought");
    await button.click();
    await expect(main(page).getByRole("alert").filter({ hasText: "Your comment was not posted" })).toBeVisible();
    await expect(box).toHaveValue("Second thought");
    await page.unroute("**/api/blog/posts/*/comments");

    // A visitor sees it, escaped, and is asked to sign in.
    const visitor = await newVisitor();
    await visit(visitor, `/blog/${publishedSlug}`);
    await expect(main(visitor).getByText("Great <b>post</b>!")).toBeVisible();
    await expect(main(visitor).getByRole("link", { name: "Sign in to comment." })).toHaveAttribute("href", `/auth?next=/blog/${publishedSlug}`);
    await expect(main(visitor).getByRole("button", { name: "Post Comment" })).toHaveCount(0);
  });

  test("a signed-in non-owner gets 403 at /blog/new", async ({ page }) => {
    await visit(page, "/blog/new");
    await expect(main(page).getByRole("heading", { name: "403 – Not allowed" })).toBeVisible();
    await expect(main(page).getByText("Only the site owner can publish posts.")).toBeVisible();
    await expect(main(page).getByRole("button", { name: "Publish" })).toHaveCount(0);
  });
});
