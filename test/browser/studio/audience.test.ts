// The Studio's audience rooms in a real browser (docs/product.md#studio): a subscriber confirms from the outbox, the
// owner sees them confirmed, tests and sends a newsletter, and the subscriber leaves through the mail's link; a post
// is scheduled, a comment hidden, an owner granted; and a Studio form works with JavaScript off.
import type { Page } from "@playwright/test";
import { escapeRegExp, expectToast, visit } from "../support/app";
import { OWNER_EMAIL } from "../support/auth-page";
import { expect, test } from "../support/fixtures";
import { openEmail } from "../support/outbox";

const run = Date.now().toString(36);

/** Calls the app's JSON API from a page of this site (same origin, the page's cookies). */
async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: { "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return response.json();
    },
    { method, path, body },
  ) as Promise<T>;
}

test("subscribe, confirm from the outbox, newsletter test and send, unsubscribe from the mail's link", async ({ page, context, newVisitor }) => {
  const email = `studio-sub-${run}@example.com`;
  await visit(page, "/subscribe");
  const form = page.getByRole("form", { name: "Stay Updated" });
  await form.getByLabel("Email").fill(email);
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(form.getByRole("status")).toHaveText("Thanks for subscribing!");

  const { inbox, message } = await openEmail(context, email, /Confirm your Parley subscription/);
  await message.getByRole("link", { name: /Open link/ }).click();
  await expect(inbox.getByText("You're subscribed")).toBeVisible();

  const owner = await newVisitor({ signedInAs: OWNER_EMAIL });
  await visit(owner, `/studio/subscribers?q=${encodeURIComponent(email)}`);
  const row = owner.getByTestId("subscriber-row").filter({ hasText: email });
  await expect(row).toContainText("Confirmed");
  await expect(row).toContainText("/subscribe");

  await visit(owner, "/studio/newsletters");
  await expect(owner.getByText("No open or click tracking")).toBeVisible();
  const subject = `Studio news ${run}`;
  await owner.getByLabel("Subject").fill(subject);
  await owner.getByLabel("Newsletter (Markdown)").fill("Hello **readers**.\n\n<script>alert(1)</script>");
  await owner.getByRole("button", { name: "Save draft" }).click();
  await expect(owner.getByRole("heading", { name: subject })).toBeVisible();
  await expect(owner.getByTestId("newsletter-preview").locator("strong")).toHaveText("readers");

  await owner.getByRole("button", { name: "Send a test to me" }).click();
  await expect(owner.getByText(`A test copy went to ${OWNER_EMAIL}.`)).toBeVisible();
  owner.once("dialog", (dialog) => void dialog.accept());
  await owner.getByRole("button", { name: /^Send to \d+ confirmed subscribers?$/ }).click();
  await expect(owner.getByTestId("send-progress")).toContainText(/Sent · Sent to \d+ subscribers?\./, { timeout: 30_000 });

  const ownerInbox = await openEmail(owner.context(), OWNER_EMAIL, new RegExp(escapeRegExp(`[Test] ${subject}`)));
  await ownerInbox.inbox.close();

  const newsletter = await openEmail(context, email, new RegExp(escapeRegExp(subject)));
  await expect(newsletter.message.locator('[data-header="List-Unsubscribe-Post"]')).toHaveText("List-Unsubscribe=One-Click");
  await expect(newsletter.message.locator('[data-header="List-Unsubscribe"]')).toContainText("/api/subscriptions/unsubscribe?");
  await newsletter.message.getByRole("link", { name: /Open link: \/unsubscribe/ }).click();
  await expect(newsletter.inbox.getByText("You're unsubscribed")).toBeVisible();

  await visit(owner, `/studio/subscribers?q=${encodeURIComponent(email)}`);
  await expect(owner.getByTestId("subscriber-row").filter({ hasText: email })).toContainText("Unsubscribed");
});

test.describe("the owner", () => {
  test.use({ signedInAs: OWNER_EMAIL });

  test("schedules a draft post from the Studio's list", async ({ page }) => {
    await visit(page, "/studio/posts");
    const title = `Scheduled in the browser ${run}`;
    await api(page, "POST", "/api/blog/posts", { title, content: "Coming soon.", draft: true });
    await visit(page, "/studio/posts");
    const post = page.getByTestId("studio-post").filter({ hasText: title });
    await expect(post.getByTestId("post-state")).toHaveText("Draft");
    await post.getByLabel("Publish at (UTC)").fill("2031-05-04T09:30");
    await post.getByRole("button", { name: `Schedule: ${title}` }).click();
    await expectToast(page, "Post scheduled");
    await expect(post.getByTestId("post-state")).toHaveText("Scheduled for May 4, 2031 at 09:30 UTC");
  });

  test("hides a reader's comment: it disappears from the post", async ({ page, newVisitor }) => {
    await visit(page, "/studio/comments");
    const title = `Moderated in the browser ${run}`;
    const { slug } = await api<{ slug: string }>(page, "POST", "/api/blog/posts", { title, content: "Say something." });
    const reader = await newVisitor({ signedInAs: `studio-reader-${run}@example.com` });
    await visit(reader, `/blog/${slug}`);
    const words = `A remark to hide ${run}`;
    // Written as a reader writes it: the comment box, whose automatic human check proves the first comment.
    await reader.getByLabel("Add a comment").fill(words);
    await reader.locator("#main").getByRole("button", { name: "Post Comment" }).click();
    await expect(reader.locator("#main").getByText(words)).toBeVisible();
    // The box clears once the server has the comment (the proof may hold the send for a moment).
    await expect(reader.getByLabel("Add a comment")).toHaveValue("");

    await visit(page, "/studio/comments");
    const comment = page.getByTestId("studio-comment").filter({ hasText: words });
    await comment.getByRole("button", { name: /^Hide: / }).click();
    await expectToast(page, "Comment hidden");
    await expect(comment).toContainText("Hidden");

    await visit(reader, `/blog/${slug}`);
    await expect(reader.getByRole("heading", { name: title })).toBeVisible();
    await expect(reader.getByText(words)).toHaveCount(0);
  });

  test("grants the owner role, and revokes it again", async ({ page, newVisitor }) => {
    const email = `studio-person-${run}@example.com`;
    const person = await newVisitor({ signedInAs: email });
    await visit(person, "/");
    await visit(page, `/studio/people?q=${encodeURIComponent(email)}`);
    const row = page.getByTestId("person-row").filter({ hasText: email });
    await row.getByRole("button", { name: `Make owner: ${email}` }).click();
    await expectToast(page, "Owner role granted");
    await expect(row.getByRole("cell", { name: "Owner", exact: true })).toBeVisible();

    await visit(person, "/studio/people");
    await expect(person.getByRole("heading", { name: "People" })).toBeVisible();

    await row.getByRole("button", { name: `Revoke owner: ${email}` }).click();
    await expectToast(page, "Owner role revoked");
    await expect(row.getByRole("button", { name: `Make owner: ${email}` })).toBeVisible();
  });
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false, signedInAs: OWNER_EMAIL });

  test("a newsletter form explains bad input, keeps what was typed, then saves", async ({ page }) => {
    await page.goto("/studio/newsletters");
    await page.getByLabel("Newsletter (Markdown)").fill("Kept while the subject is missing.");
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page.getByText("Give the newsletter a subject.")).toBeVisible();
    await expect(page.getByLabel("Newsletter (Markdown)")).toHaveValue("Kept while the subject is missing.");
    await page.getByLabel("Subject").fill(`No-script news ${run}`);
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page.getByRole("heading", { name: `No-script news ${run}` })).toBeVisible();
    await expect(page.getByTestId("newsletter-preview")).toContainText("Kept while the subject is missing.");
  });
});
