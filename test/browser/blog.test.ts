// The blog in a real browser against the real server (fresh database, no seeds): the owner publishes,
// visitors search and page, a signed-in reader comments, and hostile Markdown runs nothing.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, openPage, waitForHydration, type OpenedPage } from "./support/browser";
import { signInWithMagicLink } from "./support/accounts";

const OWNER_EMAIL = "owner@parley.test";
const run = Date.now().toString(36);
const url = (path: string) => `${baseURL()}${path}`;
const main = (page: Page) => page.getByRole("main");

let owner: OpenedPage;
let reader: OpenedPage;
let publishedSlug = "";
const marker = `zqx${run}`;

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

/** Fails the test if the page ever opens a dialog (alert, confirm, prompt). */
function forbidDialogs(page: Page, dialogs: string[]) {
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
}

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

beforeAll(async () => {
  owner = await signInWithMagicLink(OWNER_EMAIL);
  reader = await signInWithMagicLink(`reader-${run}@example.com`);
}, 120_000);

afterAll(async () => {
  await owner?.context.close();
  await reader?.context.close();
});

describe("blog", () => {
  it("the owner publishes a post with hostile Markdown from /blog/new; it renders inert and appears in the list and search", { timeout: 90_000 }, async () => {
    const page = owner.page;
    const dialogs: string[] = [];
    forbidDialogs(page, dialogs);
    await page.goto("/blog/new");
    await waitForHydration(page);
    await main(page).getByRole("heading", { level: 1, name: "New post" }).waitFor();

    await page.getByLabel("Title").fill(`Browser post ${marker}`);
    await page.getByLabel("Excerpt").fill("Short summary");
    await main(page).getByText("13/160").waitFor();
    await page.getByLabel("Cover image URL").fill("/images/blog/privacy-first.svg");
    await page.getByLabel("Tags").fill("Privacy, Browser, privacy");
    await page.getByRole("list", { name: "Parsed tags" }).getByText("#browser").waitFor();
    expect(await page.getByRole("list", { name: "Parsed tags" }).getByRole("listitem").count()).toBe(2);
    await page.getByLabel("Content (Markdown)").fill(`## Hello from the browser\n\nSearchable ${marker} text.\n\n${HOSTILE}`);
    // The live preview (marked + DOMPurify, loaded on demand) renders the heading and nothing hostile.
    await page.getByTestId("markdown-preview").getByRole("heading", { name: "Hello from the browser" }).waitFor();
    expect(await page.getByTestId("markdown-preview").locator("script, iframe, svg, form, img[src^='http']").count()).toBe(0);

    await page.getByRole("button", { name: "Publish" }).click();
    await page.waitForURL(new RegExp(`/blog/browser-post-${marker}$`));
    publishedSlug = `browser-post-${marker}`;
    await waitForHydration(page);
    await main(page).getByRole("heading", { level: 1, name: `Browser post ${marker}` }).waitFor();
    await main(page).getByRole("heading", { name: "Hello from the browser" }).waitFor();
    // The javascript: link lost its href (it is plain text now, not a link).
    await main(page).getByText("click me").waitFor();
    expect(await main(page).getByText("click me").getAttribute("href")).toBeNull();
    expect(await main(page).getByRole("link", { name: "click me" }).count()).toBe(0);

    // Reload as a plain visitor too: nothing ran, no dialog opened, no request left the site.
    const visitor = await openPage(`/blog/${publishedSlug}`);
    forbidDialogs(visitor.page, dialogs);
    await main(visitor.page).getByText(`Searchable ${marker} text.`).waitFor();
    await visitor.page.waitForTimeout(300);
    expect(await visitor.page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(visitor.requests.filter((request) => !request.startsWith(baseURL()))).toEqual([]);
    await visitor.context.close();

    // In the list and in search.
    await page.goto("/blog");
    await waitForHydration(page);
    await main(page).getByRole("link", { name: `Browser post ${marker}` }).waitFor();
  });

  it("search applies on Enter, sets q, drops page and replaces history; the pager pages", { timeout: 90_000 }, async () => {
    await createPostsThroughApi(owner.page, 10);
    const { page, context } = await openPage("/blog");
    await main(page).getByText("Page 1 / 2").waitFor();
    const prev = main(page).getByRole("navigation", { name: "Blog pages" }).getByText("Prev");
    expect(await prev.getAttribute("aria-disabled")).toBe("true");
    await main(page).getByRole("link", { name: "Next" }).click();
    await page.waitForURL(url("/blog?page=2"));
    await main(page).getByText("Page 2 / 2").waitFor();
    expect(await main(page).getByRole("navigation", { name: "Blog pages" }).getByText("Next").getAttribute("aria-disabled")).toBe("true");
    await expect.poll(() => main(page).locator("article").count()).toBe(2);

    const historyBefore = await page.evaluate(() => history.length);
    const search = page.getByRole("searchbox", { name: "Search posts" });
    await search.fill(marker.toUpperCase().slice(0, 6));
    // Typing alone does nothing.
    await page.waitForTimeout(200);
    expect(page.url()).toBe(url("/blog?page=2"));
    await search.press("Enter");
    await page.waitForURL(url(`/blog?q=${marker.toUpperCase().slice(0, 6)}`));
    await expect.poll(() => main(page).locator("article").count()).toBe(1);
    await main(page).getByRole("link", { name: `Browser post ${marker}` }).waitFor();
    expect(await page.evaluate(() => history.length)).toBe(historyBefore);
    expect(await page.title()).toBe(`Search “${marker.toUpperCase().slice(0, 6)}” – Blog`);
    expect(await main(page).getByText(/^Page \d/).count()).toBe(0);

    await search.fill("no-such-words-anywhere");
    await search.press("Enter");
    await main(page).getByText("No results.").waitFor();

    await main(page).getByText("Clear search").click();
    await page.waitForURL(url("/blog"));
    await main(page).getByText("Page 1 / 2").waitFor();
    // Open a post from its card.
    await main(page).getByRole("link", { name: `Paging post ${run} 9` }).click();
    await page.waitForURL(/\/blog\/paging-post-/);
    await main(page).getByRole("heading", { level: 1, name: `Paging post ${run} 9` }).waitFor();
    await main(page).getByText("Filler post number 9.").waitFor();
    await context.close();
  });

  it("a signed-in reader comments: blank is not sent, the comment appears and the box clears", { timeout: 60_000 }, async () => {
    const page = reader.page;
    await page.goto(`/blog/${publishedSlug}`);
    await waitForHydration(page);
    await main(page).getByText("No comments yet.").waitFor();
    const box = page.getByLabel("Add a comment");
    const button = main(page).getByRole("button", { name: "Post Comment" });
    await box.fill("   ");
    expect(await button.isDisabled()).toBe(true);
    await box.fill("  Great <b>post</b>!  ");
    await button.click();
    await main(page).getByTestId("comment").filter({ hasText: "Great <b>post</b>!" }).waitFor();
    expect(await box.inputValue()).toBe("");
    expect(await main(page).getByText("No comments yet.").count()).toBe(0);

    // A failed request keeps the text and says so.
    await page.route("**/api/blog/posts/*/comments", (route) => route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ error: { code: "unavailable", message: "Try later" } }) }));
    await box.fill("Second thought");
    await button.click();
    await main(page).getByRole("alert").filter({ hasText: "Your comment was not posted" }).waitFor();
    expect(await box.inputValue()).toBe("Second thought");
    await page.unroute("**/api/blog/posts/*/comments");

    // A visitor sees it, escaped, and is asked to sign in.
    const visitor = await openPage(`/blog/${publishedSlug}`);
    await main(visitor.page).getByText("Great <b>post</b>!").waitFor();
    const signIn = main(visitor.page).getByRole("link", { name: "Sign in to comment." });
    expect(await signIn.getAttribute("href")).toBe(`/auth?next=/blog/${publishedSlug}`);
    expect(await main(visitor.page).getByRole("button", { name: "Post Comment" }).count()).toBe(0);
    await visitor.context.close();
  });

  it("a signed-in non-owner gets 403 at /blog/new", async () => {
    const page = reader.page;
    await page.goto("/blog/new");
    await waitForHydration(page);
    await main(page).getByRole("heading", { name: "403 – Not allowed" }).waitFor();
    await main(page).getByText("Only the site owner can publish posts.").waitFor();
    expect(await main(page).getByRole("button", { name: "Publish" }).count()).toBe(0);
  });
});
