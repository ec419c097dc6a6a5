// What issue 17's review found at 390 and 1280 px, measured in the browser: blog cards fill their column, the
// benchmarks read on a phone, the crowdfunding timeline's labels stay legible, the hero's phrases stay on the
// device's screen, the footer's social names don't pose as buttons, and the form selects look like the rest.
import type { Page } from "@playwright/test";
import { DESKTOP, MOBILE, visit } from "../support/app";
import { OWNER_EMAIL } from "../support/auth-page";
import { expect, test } from "../support/fixtures";

const run = Date.now().toString(36);

/** Whether the page scrolls sideways (something sticks out past the viewport). */
const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

test.describe("blog cards", () => {
  test.use({ signedInAs: OWNER_EMAIL });

  test("fill their grid column however short the post, on a desktop and on a phone", async ({ page }) => {
    const title = `Tiny ${run}`;
    await visit(page, "/blog");
    const created = await page.evaluate(async (title) => {
      const response = await fetch("/api/blog/posts", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ title, content: "Short." }),
      });
      return response.ok;
    }, title);
    expect(created).toBe(true);
    for (const size of [DESKTOP, MOBILE]) {
      await page.setViewportSize(size);
      await visit(page, "/blog");
      const item = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
      const [column, card] = await Promise.all([item.boundingBox(), item.locator("article").boundingBox()]);
      expect(card!.width, `card width at ${size.width} px`).toBeCloseTo(column!.width, 0);
    }
  });
});

test.describe("/parley-ai benchmarks", () => {
  test("on a phone every score is on screen, each labelled with its model, and nothing scrolls sideways", async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await visit(page, "/parley-ai");
    const cards = page.getByRole("list", { name: /Benchmark scores/ });
    await expect(cards).toBeVisible();
    await expect(page.getByRole("table")).toBeHidden();
    const scores = cards.getByRole("definition");
    expect(await scores.count()).toBeGreaterThanOrEqual(8);
    for (const score of await scores.all()) {
      await score.scrollIntoViewIfNeeded();
      const box = await score.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(MOBILE.width);
    }
    await expect(cards.getByRole("term").first()).toHaveText("Parley");
    expect(await scrollsSideways(page)).toBe(false);
  });

  test("from 640 px the table shows every column without scrolling", async ({ page }) => {
    for (const width of [640, DESKTOP.width]) {
      await page.setViewportSize({ width, height: 800 });
      await visit(page, "/parley-ai");
      const table = page.getByRole("table");
      await expect(table).toBeVisible();
      const fits = await table.evaluate((element) => element.parentElement!.scrollWidth <= element.parentElement!.clientWidth);
      expect(fits, `table fits at ${width} px`).toBe(true);
      expect(await scrollsSideways(page)).toBe(false);
    }
  });
});

/** The smallest font size the <img>'s current SVG sets, as shown on screen (its scale times the SVG's own size). */
async function smallestShownFontSize(page: Page, selector: string) {
  const { source, shownWidth } = await page
    .locator(selector)
    .evaluate((image: HTMLImageElement) => ({ source: image.currentSrc, shownWidth: image.getBoundingClientRect().width }));
  const svg = await (await page.request.get(source)).text();
  const viewBoxWidth = Number(/viewBox="[\d.]+ [\d.]+ ([\d.]+)/.exec(svg)![1]);
  const sizes = [...svg.matchAll(/font-size="([\d.]+)"/g)].map(([, size]) => Number(size));
  return { source, px: (Math.min(...sizes) * shownWidth) / viewBoxWidth };
}

test.describe("/kickstarter roadmap timeline", () => {
  test("its labels are at least 12 px on a phone and on a desktop", async ({ page }) => {
    for (const size of [MOBILE, DESKTOP]) {
      await page.setViewportSize(size);
      await visit(page, "/kickstarter");
      const image = 'img[src*="kickstarter-timeline"]';
      await page.locator(image).scrollIntoViewIfNeeded();
      await expect(page.locator(image)).toBeVisible();
      const { source, px } = await smallestShownFontSize(page, image);
      expect(px, `smallest label at ${size.width} px (${source})`).toBeGreaterThanOrEqual(12);
    }
  });
});

test.describe("the landing page's hero illustration", () => {
  test("keeps its phrases on the device's screen", async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await page.goto("/images/device-hero.svg");
    const overflow = await page.evaluate(() => {
      const screen = (document.getElementById("screen") as unknown as SVGGraphicsElement).getBBox();
      return Array.from(document.querySelectorAll("text"))
        .map((text) => ({ text: text.textContent, box: text.getBBox() }))
        .filter(
          ({ box }) =>
            box.x < screen.x || box.x + box.width > screen.x + screen.width || box.y < screen.y || box.y + box.height > screen.y + screen.height,
        )
        .map(({ text }) => text);
    });
    expect(overflow).toEqual([]);
  });
});

test.describe("the footer", () => {
  test("names the social accounts in plain text: no link, no button, no pill", async ({ page }) => {
    await visit(page, "/");
    const footer = page.getByRole("contentinfo");
    const social = footer.getByText(/^Soon on X, LinkedIn, GitHub and YouTube\.$/);
    await expect(social).toBeVisible();
    for (const name of ["X", "LinkedIn", "GitHub", "YouTube"]) {
      await expect(footer.getByRole("link", { name, exact: true })).toHaveCount(0);
      await expect(footer.getByRole("button", { name, exact: true })).toHaveCount(0);
    }
    const looks = await social.evaluate((element) => {
      const style = getComputedStyle(element);
      return { border: style.borderTopWidth, cursor: style.cursor, tag: element.tagName };
    });
    expect(looks).toEqual({ border: "0px", cursor: "auto", tag: "P" });
  });
});

test.describe("form selects", () => {
  for (const [path, label] of [
    ["/contact", "Topic"],
    ["/join", "Role category"],
  ] as const) {
    test(`${path}: the ${label} select is drawn like the text fields beside it, with the pickers' chevron`, async ({ page }) => {
      await visit(page, path);
      const select = page.getByLabel(label, { exact: true });
      const textField = page.getByLabel("Email", { exact: true }).first();
      const look = (element: HTMLElement) => {
        const style = getComputedStyle(element);
        return { appearance: style.appearance, radius: style.borderTopLeftRadius, border: style.borderTopColor, height: element.offsetHeight };
      };
      const [selectLook, fieldLook] = await Promise.all([select.evaluate(look), textField.evaluate(look)]);
      expect(selectLook.appearance).toBe("none");
      expect({ ...selectLook, appearance: "" }).toEqual({ ...fieldLook, appearance: "" });
      await expect(select.locator("xpath=following-sibling::*[local-name()='svg']")).toHaveClass(/lucide-chevron-down/);
      // Still the native control: the keyboard picks an option.
      await select.focus();
      await page.keyboard.press("ArrowDown");
      await expect(select).not.toHaveValue("");
    });
  }
});
