// The public forms' schemas load once the page has hydrated, not with its first JavaScript
// (app/components/forms/form-schemas.ts, docs/decisions/0029-lighthouse-and-social-images.md): a submit that comes
// before they arrive waits for them and is then checked in the browser like any other, with no post to the action.
import type { Route } from "@playwright/test";
import { visit } from "../support/app";
import { expect, test } from "../support/fixtures";

/** A text only the public forms' schema module holds (core/schemas/forms.ts). */
const SCHEMA_MARK = "Please choose a topic.";

test("a contact message sent before its schema has arrived is checked once it is here", async ({ page }) => {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const schemaChunks: string[] = [];
  await page.route("**/assets/*.js", async (route: Route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (body.includes(SCHEMA_MARK)) {
      schemaChunks.push(new URL(route.request().url()).pathname);
      await released;
    }
    await route.fulfill({ response, body });
  });
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(new URL(request.url()).pathname);
  });

  await visit(page, "/contact");
  // Asked for once the page has hydrated: the page's HTML names it nowhere (not among the modules it preloads).
  await expect.poll(() => schemaChunks.length).toBe(1);
  const html = await (await page.request.get("/contact")).text();
  expect(html).toContain("/assets/");
  expect(html).not.toContain(schemaChunks[0]);

  const form = page.getByRole("form", { name: "Send us a message", exact: true });
  const name = form.getByLabel("Name", { exact: true });
  await form.getByRole("button", { name: "Send Message" }).click();
  // Held: a moment later nothing is said yet, and nothing was sent.
  await page.waitForTimeout(300);
  await expect(name).not.toHaveAttribute("aria-invalid", "true");
  expect(posts).toEqual([]);
  release();
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByText("Please enter your name.")).toBeVisible();
  expect(posts).toEqual([]);
  // The page goes on loading (the human check's worker): its requests must not outlive the test in this handler.
  await page.unrouteAll({ behavior: "ignoreErrors" });
});
