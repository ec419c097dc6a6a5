// Issue 17's accessibility findings, measured in the browser: a visible focus ring (3:1 against what is behind
// it) on every stop of the keyboard's path, dark panels included; code blocks a keyboard can scroll; toasts that
// read at 4.5:1 and leave the sticky header's links free; the live chat's labels at 4.5:1; one name per landmark;
// and static files with the same isolation header as pages.
import type { Page } from "@playwright/test";
import { DESKTOP, MOBILE, visit } from "../support/app";
import { OWNER_EMAIL } from "../support/auth-page";
import { expect, test } from "../support/fixtures";
import { installColourTools } from "../support/colours";

const run = Date.now().toString(36);

test.beforeEach(async ({ page }) => {
  await installColourTools(page);
});

type FocusStop = { label: string; style: string; width: number; contrast: number };

/** The element Tab has just focused: its ring (its own outline, or its card's for a link that covers a card) and that ring's contrast. */
function currentFocusStop(page: Page): Promise<FocusStop | null> {
  return page.evaluate(async () => {
    const active = document.activeElement;
    if (!active || active === document.body) return null;
    const ringOf = (element: Element) => getComputedStyle(element);
    let drawn: Element = active;
    // Buttons fade their colours in (transition-colors, the outline's included): measure the ring as it ends up.
    await Promise.all(
      [active, active.closest("article")].flatMap((element) => element?.getAnimations() ?? []).map((animation) => animation.finished),
    );
    if (ringOf(active).outlineStyle === "none") drawn = active.closest("article") ?? active;
    const style = ringOf(drawn);
    const behind = window.colours.behind(drawn);
    const contrast = Math.min(...behind.map((colour) => window.colours.contrast(style.outlineColor, colour)));
    const label = `${active.tagName.toLowerCase()} "${(active.textContent ?? "").trim().slice(0, 40)}"`;
    return { label, style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth), contrast };
  });
}

test.describe("focus rings", () => {
  for (const path of ["/", "/kickstarter", "/business", "/timeline"]) {
    test(`every Tab stop on ${path} shows a ring of 2 px or more at 3:1 or more against what is behind it`, async ({ page }) => {
      test.setTimeout(120_000);
      await visit(page, path);
      const seen = new Set<string>();
      for (let press = 0; press < 60; press++) {
        await page.keyboard.press("Tab");
        const stop = await currentFocusStop(page);
        if (!stop) break;
        if (seen.has(stop.label)) continue;
        seen.add(stop.label);
        expect(stop.style, stop.label).not.toBe("none");
        expect(stop.width, stop.label).toBeGreaterThanOrEqual(2);
        expect(stop.contrast, stop.label).toBeGreaterThanOrEqual(3);
      }
      expect(seen.size).toBeGreaterThan(10);
    });
  }
});

test.describe("a blog post's code block", () => {
  test.use({ signedInAs: OWNER_EMAIL, viewport: MOBILE });

  test("is a named focus stop that the keyboard scrolls", async ({ page }) => {
    const slug = `code-${run}`;
    await visit(page, "/blog");
    const longLine = `const ${"veryLongIdentifier".repeat(8)} = "this line is far wider than a phone";`;
    const created = await page.evaluate(
      async ({ title, longLine }) => {
        const response = await fetch("/api/blog/posts", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ title, content: `Some code:\n\n\`\`\`ts\n${longLine}\n\`\`\`\n` }),
        });
        return response.ok ? ((await response.json()) as { slug: string }).slug : null;
      },
      { title: `Code ${run}`, longLine },
    );
    expect(created).toContain(slug);
    await visit(page, `/blog/${created}`);
    const code = page.getByRole("group", { name: "Code block" });
    await expect(code).toBeVisible();
    expect(await code.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    await code.focus();
    await expect(code).toBeFocused();
    for (let press = 0; press < 5; press++) await page.keyboard.press("ArrowRight");
    await expect.poll(() => code.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  });
});

/** Fills /contact's message form with an address the form refuses before sending anything: an error toast. */
async function showErrorToast(page: Page) {
  const form = page.getByRole("form", { name: "Send us a message", exact: true });
  await form.getByLabel("Name", { exact: true }).fill("Alan Turing");
  await form.getByLabel("Email", { exact: true }).fill("alan@");
  await form.getByLabel("Topic").selectOption("support");
  await form.getByLabel("Message", { exact: true }).fill("Help, please.");
  await form.getByRole("button", { name: "Send Message" }).click();
  const toast = page.locator('[data-sonner-toast][data-type="error"]').first();
  await expect(toast).toBeVisible();
  // Sonner slides a toast in: measure where it comes to rest.
  await expect.poll(() => toast.evaluate((element) => getComputedStyle(element).transform)).toMatch(/^(none|matrix\(1, 0, 0, 1, 0, 0\))$/);
  return toast;
}

test.describe("toasts", () => {
  for (const size of [DESKTOP, MOBILE]) {
    test(`at ${size.width} px the error toast reads at 4.5:1 or more and leaves the sticky header free`, async ({ page }) => {
      await page.setViewportSize(size);
      await visit(page, "/contact");
      const toast = await showErrorToast(page);
      const contrast = await toast.evaluate((element) => {
        const style = getComputedStyle(element);
        return window.colours.contrast(style.color, style.backgroundColor);
      });
      expect(contrast).toBeGreaterThanOrEqual(4.5);
      const [header, box] = await Promise.all([page.getByRole("banner").boundingBox(), toast.boundingBox()]);
      expect(box!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
    });
  }
});

test.describe("the live chat", () => {
  test("its team label reads at 4.5:1 or more on its bubble", async ({ page }) => {
    await visit(page, "/contact");
    await page.getByRole("button", { name: "Start Live Chat" }).click();
    const chat = page.getByRole("dialog", { name: "Live Chat" });
    await expect(chat).toBeVisible();
    const texts = chat.locator("p, span, label");
    const lowest = await texts.evaluateAll((elements) =>
      Math.min(
        ...elements
          .filter((element) => element.childNodes.length > 0 && (element.textContent ?? "").trim() !== "")
          .filter((element) => [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim()))
          .map((element) => {
            const colour = getComputedStyle(element).color;
            return Math.min(...window.colours.behind(element, true).map((behind) => window.colours.contrast(colour, behind)));
          }),
      ),
    );
    expect(lowest).toBeGreaterThanOrEqual(4.5);
  });
});

/** The page's landmarks as "role name" (only the named ones, or the roles that have one per page). */
async function landmarks(page: Page): Promise<string[]> {
  const tree = await page.locator("body").ariaSnapshot();
  const roles = "banner|navigation|main|contentinfo|region|form|complementary|search";
  return [...tree.matchAll(new RegExp(`^\\s*- (${roles})(?: "([^"]*)")?`, "gm"))].map(([, role, name]) => `${role} ${name ?? ""}`.trim());
}

test.describe("landmarks", () => {
  for (const path of ["/kickstarter", "/parley-ai", "/", "/contact", "/business"]) {
    test(`${path} names each of its landmarks differently`, async ({ page }) => {
      for (const size of [DESKTOP, MOBILE]) {
        await page.setViewportSize(size);
        await visit(page, path);
        const found = await landmarks(page);
        expect(found.length).toBeGreaterThan(3);
        const repeated = found.filter((landmark, index) => found.indexOf(landmark) !== index);
        expect(repeated, `at ${size.width} px`).toEqual([]);
      }
    });
  }
});

test.describe("static files", () => {
  test("carry Cross-Origin-Opener-Policy like the pages do", async ({ request }) => {
    for (const path of ["/favicon.svg", "/images/device-hero.svg", "/"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()["cross-origin-opener-policy"], path).toBe("same-origin");
    }
  });
});
