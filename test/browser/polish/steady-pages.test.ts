// Pages hold still while they load, and what the first frame leaves for later is there when it is reached
// (docs/decisions/0029-lighthouse-and-social-images.md): on a phone nothing moves as a page hydrates or as a form's
// human check runs, and the sections a marketing page lays out only as they come near (and the footer) show up
// when the visitor scrolls, jumps to the end or follows a link into them.
import type { Page } from "@playwright/test";
import { DESKTOP, MOBILE, visit } from "../support/app";
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

  for (const path of ["/", "/kickstarter", "/business", "/join", "/contact"]) {
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

for (const size of [MOBILE, DESKTOP]) {
  test.describe(`the sections below the first screen, at ${size.width} px`, () => {
    test.use({ viewport: size });

    test("are there when the visitor jumps to the end, then scrolls back up through them", async ({ page }) => {
      await visit(page, "/business");
      await page.keyboard.press("End");
      const footer = page.getByRole("contentinfo");
      await expect(footer.getByText("All rights reserved.", { exact: false })).toBeInViewport();
      // The page ends at the footer: no placeholder height is left below it.
      const gap = await page.evaluate(() => document.documentElement.scrollHeight - (window.scrollY + window.innerHeight));
      expect(gap).toBeLessThanOrEqual(1);
      // Going back up, each section is drawn with its heading where it is reached.
      const headings = page.getByRole("main").getByRole("heading", { level: 2 });
      for (const heading of (await headings.all()).reverse()) {
        await heading.scrollIntoViewIfNeeded();
        await expect(heading).toBeInViewport();
        expect((await heading.boundingBox())!.height).toBeGreaterThan(0);
      }
    });

    test("a link to a footer page is followed from the first screen by keyboard", async ({ page }) => {
      await visit(page, "/about");
      const privacy = page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy", exact: true });
      await privacy.focus();
      await expect(privacy).toBeFocused();
      await expect(privacy).toBeInViewport();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/\/privacy$/);
    });
  });
}
