// Pages hold still while they load (docs/decisions/0029-lighthouse-and-social-images.md): on a phone nothing moves as
// a page hydrates (the human check's words, the footer's offer) or as a form's human check runs.
import type { Page } from "@playwright/test";
import { MOBILE, visit } from "../support/app";
import { expect, test } from "../support/fixtures";

/** Every layout shift the page has had since it started loading, with the elements that moved. */
async function layoutShifts(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{ value: number; moved: string[] }[]>((resolve) => {
        new PerformanceObserver((list) => {
          resolve(
            list.getEntries().map((entry) => {
              const shift = entry as PerformanceEntry & { value: number; sources: { node?: Node }[] };
              return {
                value: shift.value,
                moved: shift.sources.map((source) => (source.node as Element | undefined)?.outerHTML.slice(0, 80) ?? "?"),
              };
            }),
          );
        }).observe({ type: "layout-shift", buffered: true });
        // With no shift the observer is never called.
        setTimeout(() => resolve([]), 500);
      }),
  );
}

test.describe("on a phone", () => {
  test.use({ viewport: MOBILE });

  // /auth: the email field's passkey autofill starts at hydration; where it cannot run (the tests' 127.0.0.1 is no
  // domain a passkey can belong to) it used to add an error box nobody asked for, and moved the links below.
  for (const path of ["/", "/kickstarter", "/business", "/join", "/contact", "/blog", "/auth"]) {
    test(`${path} does not move as it hydrates`, async ({ page }) => {
      await visit(page, path);
      expect(await layoutShifts(page)).toEqual([]);
    });
  }

  test("the human check's line keeps its height from the server's words to every state", async ({ page }) => {
    await page.goto("/contact");
    const form = page.getByRole("form", { name: "Send us a message", exact: true });
    const line = form.locator("[data-human-check]");
    // The server's wording (the longest: how the form works without JavaScript) wraps on a phone.
    await expect(line).toHaveAttribute("data-human-check", /./);
    const heights = [(await line.boundingBox())!.height];
    await expect(line).toHaveAttribute("data-human-check", "idle");
    heights.push((await line.boundingBox())!.height);
    await form.getByLabel("Name", { exact: true }).fill("Grace Hopper");
    await expect(line).toHaveAttribute("data-human-check", "verified");
    heights.push((await line.boundingBox())!.height);
    expect(heights[0]).toBeGreaterThan(20);
    expect(new Set(heights).size, `heights ${heights.join(", ")}`).toBe(1);
  });
});
