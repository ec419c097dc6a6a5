// axe-core on every public page at a phone's width and a desktop's (issue 17, docs/decisions/0030-accessibility-checks.md):
// one load per page and width, all WCAG 2.x A/AA rules and best practices, 0 violations.
import type { Browser } from "@playwright/test";
import { DESKTOP, MOBILE, visit } from "../support/app";
import { OWNER_EMAIL } from "../support/auth-page";
import { expectNoAxeViolations } from "../support/axe";
import { type Accounts, expect, test } from "../support/fixtures";
// @ts-expect-error: plain ESM shared with bench/lighthouse.mjs
import { AUDITED_PAGES } from "../../support/audited-pages.mjs";

const run = Date.now().toString(36);

/** A post with most of what the Markdown policy renders: headings, a list, a quote, a link, inline code, a wide code block. */
const POST = {
  title: `Axe post ${run}`,
  tags: "accessibility, testing",
  coverUrl: "/images/blog/privacy-first.svg",
  content: [
    "A short opening paragraph with **strong words**, `inline code` and [a link to the blog](/blog).",
    "## What we checked",
    "- Landmarks and their names\n- Contrast of every text\n- Names of every control",
    "> A quotation, to see how quotes read.",
    "### A code sample",
    `\`\`\`ts\nconst message = "${"a very long line that does not fit on a phone ".repeat(3)}";\nconsole.log(message);\n\`\`\``,
  ].join("\n\n"),
};

/** Publishes POST as the owner, in a browser context of its own, and returns its path. */
async function publishPost(browser: Browser, accounts: Accounts, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL, storageState: await accounts.sessionOf(OWNER_EMAIL) });
  try {
    const page = await context.newPage();
    await visit(page, "/blog");
    const slug = await page.evaluate(async (post) => {
      const response = await fetch("/api/blog/posts", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(post),
      });
      return response.ok ? ((await response.json()) as { slug: string }).slug : null;
    }, POST);
    expect(slug, "the owner published the post").toBeTruthy();
    return `/blog/${slug}`;
  } finally {
    await context.close();
  }
}

let postPath = "";

test.beforeAll(async ({ browser, accounts }, testInfo) => {
  postPath = await publishPost(browser, accounts, testInfo.project.use.baseURL);
});

for (const path of [...AUDITED_PAGES, "a post"]) {
  test(`axe finds nothing on ${path} at ${MOBILE.width} and ${DESKTOP.width} px`, async ({ page }) => {
    const target = path === "a post" ? postPath : path;
    for (const size of [MOBILE, DESKTOP]) {
      await page.setViewportSize(size);
      await visit(page, target);
      await expectNoAxeViolations(page, `${path} at ${size.width} px`);
    }
  });
}
