// A comment with JavaScript off: the box posts to the post's page, which comes back with the comment in the list.
import { expect, test } from "../support/fixtures";

const run = Date.now().toString(36);

test.use({ javaScriptEnabled: false, signedInAs: `reader-nojs-${run}@example.com` });

test("a signed-in reader comments without JavaScript; a blank comment is explained", async ({ page, newVisitor }) => {
  // The owner publishes the post (through the API, from a browser with JavaScript).
  const owner = await newVisitor({ signedInAs: "owner@parley.test" });
  await owner.goto("/");
  const slug = await owner.evaluate(async (title) => {
    const response = await fetch("/api/blog/posts", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ title, content: "Comments without scripts." }),
    });
    if (!response.ok) throw new Error(`create failed: ${response.status}`);
    return ((await response.json()) as { slug: string }).slug;
  }, `No-script comments ${run}`);

  await page.goto(`/blog/${slug}`);
  const main = page.getByRole("main");
  await expect(main.getByText("No comments yet.")).toBeVisible();
  const box = page.getByLabel("Add a comment");
  await box.fill("   ");
  await main.getByRole("button", { name: "Post Comment" }).click();
  await expect(main.getByRole("alert")).toContainText("Your comment was not posted");

  await box.fill("Readable with scripts off.");
  await main.getByRole("button", { name: "Post Comment" }).click();
  await expect(main.getByTestId("comment").filter({ hasText: "Readable with scripts off." })).toBeVisible();
  await expect(box).toHaveValue("");
});
