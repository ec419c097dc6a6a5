// The site's shell and subscriptions in a real browser: header navigation, the Stay Updated dialog, exit intent,
// the signup forms, and that no public page loads anything from another host.
import type { Page } from "@playwright/test";
import { publicPages } from "~/content/public-pages";
import { MOBILE, visit } from "./support/app";
import { expect, logPage, test } from "./support/fixtures";

let emails = 0;
const freshEmail = (label: string) => `${label}-${Date.now()}-${emails++}@example.com`;

const dialog = (page: Page) => page.locator("dialog[open]");
const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });
const focused = (page: Page) => page.locator(":focus");

async function mouseLeavesThroughTop(page: Page) {
  await page.evaluate(() => document.dispatchEvent(new MouseEvent("mouseout", { clientX: 400, clientY: 0, relatedTarget: null, bubbles: true })));
}

/**
 * Stops the page's fake clock (installed before the page loaded): from here on, the page's timers (arming,
 * auto-close, reset) fire only when the test moves time on, however slow the machine is. Returns how long the
 * page has existed in its own time, an upper bound for how long ago its timers were started.
 */
async function pauseClock(page: Page): Promise<number> {
  const { wall, sinceLoad } = await page.evaluate(() => ({ wall: Date.now(), sinceLoad: performance.now() }));
  // pauseAt cannot go back in time: a little ahead of the page's clock, which runs on until the call lands.
  const ahead = 1_000;
  await page.clock.pauseAt(wall + ahead);
  return sinceLoad + ahead;
}

test.describe("header navigation", () => {
  test("desktop dropdowns open on hover and close when the mouse leaves", async ({ page }) => {
    await visit(page, "/");
    const aiButton = page.getByRole("button", { name: "AI", exact: true });
    const chatLink = mainNav(page).getByRole("link", { name: /AI Chat/ });
    await expect(chatLink).toBeHidden();
    await aiButton.hover();
    await expect(chatLink).toBeVisible();
    await expect(aiButton).toHaveAttribute("aria-expanded", "true");
    await page.mouse.move(640, 600);
    await expect(chatLink).toBeHidden();
    await expect(aiButton).toHaveAttribute("aria-expanded", "false");
  });

  test("desktop dropdowns work from the keyboard", async ({ page }) => {
    await visit(page, "/");
    const button = page.getByRole("button", { name: "Who we are" });
    await button.focus();
    await page.keyboard.press("Enter");
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("ArrowDown");
    await expect(focused(page)).toContainText("About");
    await page.keyboard.press("ArrowDown");
    await expect(focused(page)).toContainText("Roadmap");
    await page.keyboard.press("Escape");
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(button).toBeFocused();
    await expect(button).toHaveText("Who we are");
    await page.keyboard.press("ArrowDown");
    await expect(focused(page)).toContainText("About");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/about");
  });

  test("marks Home active only on exactly /, and other links by prefix", async ({ page }) => {
    await visit(page, "/");
    const home = mainNav(page).getByRole("link", { name: "Home" });
    await expect(home).toHaveAttribute("aria-current", "page");
    await mainNav(page).getByRole("link", { name: "For Businesses" }).click();
    await expect(page).toHaveURL("/business");
    await expect(mainNav(page).getByRole("link", { name: "For Businesses" })).toHaveAttribute("aria-current", "page");
    await expect(home).not.toHaveAttribute("aria-current");
  });

  test("the mobile menu collapses, closes when a link is clicked, and opens the active group by itself", async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await visit(page, "/");
    const mobileNav = page.getByRole("navigation", { name: "Mobile" });
    await expect(mobileNav).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(mobileNav).toBeVisible();
    // On the home page neither group is active, so both start collapsed.
    await expect(mobileNav.getByRole("button", { name: "AI" })).toHaveAttribute("aria-expanded", "false");
    await expect(mobileNav.getByRole("button", { name: "Who we are" })).toHaveAttribute("aria-expanded", "false");
    await mobileNav.getByRole("button", { name: "Who we are" }).click();
    await mobileNav.getByRole("link", { name: "Roadmap" }).click();
    await expect(page).toHaveURL("/timeline");
    await expect(mobileNav).toBeHidden();
    // The new page has rendered (the URL changes a moment before React commits the navigation).
    await expect(page.getByRole("heading", { level: 1 }).filter({ hasText: /milestone/i })).toBeVisible();
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(mobileNav).toBeVisible();
    await expect(mobileNav.getByRole("button", { name: "Who we are" })).toHaveAttribute("aria-expanded", "true");
    await expect(mobileNav.getByRole("button", { name: "AI" })).toHaveAttribute("aria-expanded", "false");
    await expect(mobileNav.getByRole("link", { name: "Roadmap" })).toHaveAttribute("aria-current", "page");
  });

  test("an unknown path shows the 404 screen and logs the path", async ({ page, pageLog }) => {
    await visit(page, "/definitely/not/here");
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect.poll(() => pageLog.console.some((line) => line.includes("/definitely/not/here"))).toBe(true);
    await page.getByRole("link", { name: "Go to the home page" }).click();
    await expect(page).toHaveURL("/");
  });
});

test.describe("Stay Updated dialog", () => {
  test("needs an email and consent, shows success, closes itself after 2 s, locks scrolling and sets the flag", async ({ page }) => {
    await page.clock.install();
    await visit(page, "/about");
    await page.getByRole("button", { name: "Stay updated" }).click();
    await expect(dialog(page).getByRole("heading", { name: "Stay Updated" })).toBeVisible();
    await expect(page.locator("body")).toHaveCSS("overflow", "hidden");
    // Only now: the dialog is loaded on demand, and React reveals it on a timer.
    await pauseClock(page);
    const submit = dialog(page).getByRole("button", { name: "Subscribe" });
    await expect(submit).toBeDisabled();
    await dialog(page).getByLabel("Email", { exact: true }).fill(freshEmail("modal"));
    await expect(submit).toBeDisabled();
    await dialog(page).getByLabel(/I agree to receive product updates/).check();
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(dialog(page).getByText("Thanks for subscribing!")).toBeVisible();
    await expect(dialog(page).getByText("Check your inbox for product updates & launch invites.")).toBeVisible();
    await page.clock.runFor(1_900);
    await expect(dialog(page)).toBeVisible();
    await page.clock.runFor(200);
    await expect(dialog(page)).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem("parley_subscribed"))).toBe("1");
    await expect(page.locator("body")).not.toHaveCSS("overflow", "hidden");
    // Once subscribed, the site no longer offers it.
    await expect(page.getByRole("button", { name: "Stay updated" })).toHaveCount(0);
  });

  test("shows the spec's message for an invalid email and keeps what was typed", async ({ page }) => {
    await visit(page, "/about");
    await page.getByRole("button", { name: "Stay updated" }).click();
    await dialog(page).getByLabel("Email", { exact: true }).fill("not-an-email");
    await dialog(page).getByLabel(/I agree/).check();
    await dialog(page).getByRole("button", { name: "Subscribe" }).click();
    await expect(dialog(page).getByText("Please enter a valid email.")).toBeVisible();
    await expect(dialog(page).getByLabel("Email", { exact: true })).toHaveValue("not-an-email");
  });

  test("cannot be closed while the request is in flight", async ({ page }) => {
    await visit(page, "/about");
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/subscriptions", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("button", { name: "Stay updated" }).click();
    await dialog(page).getByLabel("Email", { exact: true }).fill(freshEmail("locked"));
    await dialog(page).getByLabel(/I agree/).check();
    await dialog(page).getByRole("button", { name: "Subscribe" }).click();
    await expect(dialog(page).getByRole("button", { name: "Subscribing…" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog(page).getByRole("button", { name: "Close" })).toBeDisabled();
    await expect(dialog(page)).toBeVisible();
    release();
    await expect(dialog(page).getByText("Thanks for subscribing!")).toBeVisible();
  });
});

test.describe("exit intent on the landing page", () => {
  test("does not open before 10 s, opens after", async ({ page }) => {
    await page.clock.install();
    await visit(page, "/");
    const loadedFor = await pauseClock(page);
    expect(loadedFor).toBeLessThan(9_000);
    // 9 s after the page started: the exit intent, armed 10 s after the page loaded, cannot be armed yet.
    await page.clock.runFor(9_000 - loadedFor);
    await mouseLeavesThroughTop(page);
    await page.clock.runFor(500);
    await expect(dialog(page)).toHaveCount(0);
    // 10.5 s after the page loaded, whenever that was: armed.
    await page.clock.runFor(loadedFor + 1_000);
    await mouseLeavesThroughTop(page);
    // The dialog is loaded on demand, and React reveals it on a timer: let time run again.
    await page.clock.resume();
    await expect(dialog(page).getByRole("heading", { name: "Stay Updated" })).toBeVisible();
  });

  test("never opens once the visitor has subscribed", async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem("parley_subscribed", "1"));
    await page.clock.install();
    await visit(page, "/");
    await pauseClock(page);
    await page.clock.runFor(15_000);
    await mouseLeavesThroughTop(page);
    // The same leave opens the dialog on an armed page (the test above); here nothing may come of it.
    await page.clock.runFor(1_000);
    await expect(dialog(page)).toHaveCount(0);
  });

  test("subscribing with the Get in early form closes it and stops it for good", async ({ page }) => {
    await page.clock.install();
    await visit(page, "/");
    await pauseClock(page);
    await page.clock.runFor(10_500);
    const form = page.getByRole("form", { name: "Get in early" });
    await form.getByLabel("Email", { exact: true }).fill(freshEmail("early"));
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(form.getByText("You're in. We'll ping you before we go live.")).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("parley_subscribed"))).toBe("1");
    await mouseLeavesThroughTop(page);
    await page.clock.runFor(1_000);
    await expect(dialog(page)).toHaveCount(0);
  });
});

test.describe("landing Get in early form", () => {
  test("shows the error for an invalid email, then success, then returns to idle after 4 s", async ({ page }) => {
    await page.clock.install();
    await visit(page, "/");
    await pauseClock(page);
    const form = page.getByRole("form", { name: "Get in early" });
    const status = form.getByRole("status");
    await form.getByLabel("Email", { exact: true }).fill("nobody@nowhere");
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(status.getByText("Please enter a valid email.")).toBeVisible();
    await expect(form.getByLabel("Email", { exact: true })).toHaveValue("nobody@nowhere");
    await form.getByLabel("Email", { exact: true }).fill(freshEmail("landing"));
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(status.getByText("You're in. We'll ping you before we go live.")).toBeVisible();
    await page.clock.runFor(3_900);
    await expect(status).toHaveText("You're in. We'll ping you before we go live.");
    await page.clock.runFor(200);
    await expect(status).toHaveText("");
  });
});

test.describe("Kickstarter waitlist", () => {
  test("disables the form and reads Subscribing… while loading, then says You’re in! 🎉 in green and clears the field", async ({ page }) => {
    await visit(page, "/kickstarter");
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/subscriptions", async (route) => {
      await held;
      await route.continue();
    });
    const form = page.getByRole("form", { name: "Join the waitlist" }).last();
    const email = form.getByLabel("Email", { exact: true });
    await email.fill(freshEmail("waitlist"));
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(form.getByRole("button", { name: "Subscribing…" })).toBeDisabled();
    await expect(email).toBeDisabled();
    release();
    const success = form.getByText("You’re in! 🎉");
    await expect(success).toBeVisible();
    const [red, green, blue] = await success.evaluate((el) => {
      // Normalise whatever colour syntax the stylesheet uses to RGB through a canvas.
      const context = document.createElement("canvas").getContext("2d")!;
      context.fillStyle = getComputedStyle(el).color;
      context.fillRect(0, 0, 1, 1);
      return Array.from(context.getImageData(0, 0, 1, 1).data);
    });
    expect(green).toBeGreaterThan(red! + 40);
    expect(green).toBeGreaterThan(blue! + 20);
    await expect(email).toHaveValue("");
    await expect(form.getByRole("button", { name: "Subscribe" })).toBeEnabled();
  });

  test("a repeat signup is a success too, and a network failure says so", async ({ page }) => {
    await visit(page, "/kickstarter");
    const forms = page.getByRole("form", { name: "Join the waitlist" });
    const [top, bottom] = [forms.first(), forms.last()];
    const address = freshEmail("twice");
    await top.getByLabel("Email", { exact: true }).fill(address);
    await top.getByRole("button", { name: "Subscribe" }).click();
    await expect(top.getByText("You’re in! 🎉")).toBeVisible();
    await bottom.getByLabel("Email", { exact: true }).fill(address.toUpperCase());
    await bottom.getByRole("button", { name: "Subscribe" }).click();
    await expect(bottom.getByText("You’re in! 🎉")).toBeVisible();

    await page.route("**/api/subscriptions", (route) => route.abort("internetdisconnected"));
    await bottom.getByLabel("Email", { exact: true }).fill(freshEmail("offline"));
    await bottom.getByRole("button", { name: "Subscribe" }).click();
    await expect(bottom.getByText("Network error. Please check your connection and try again.")).toBeVisible();
    await expect(bottom.getByLabel("Email", { exact: true })).toHaveValue(/offline/);
  });
});

test.describe("privacy", () => {
  test("no public page requests anything from another host, and nothing violates the CSP", async ({ newVisitor, baseURL }) => {
    test.setTimeout(90_000);
    const origin = new URL(baseURL!).origin;
    for (const path of [...publicPages, "/no-such-page"]) {
      // A browser of its own for each page, so that each log holds that page's requests only.
      const page = await newVisitor();
      const log = logPage(page);
      await visit(page, path);
      // Open the menus and dialogs too: they must not load anything from elsewhere either.
      await page.getByRole("button", { name: "AI", exact: true }).hover();
      await page.getByRole("button", { name: "Stay updated" }).click();
      await expect(dialog(page)).toBeVisible();
      await page.waitForLoadState("networkidle");
      const foreign = log.requests.filter((url) => !url.startsWith(origin) && !url.startsWith("data:"));
      expect(foreign, `requests from ${path}`).toEqual([]);
      expect(log.console.filter((line) => /Content.Security.Policy|Refused to/i.test(line)), `CSP reports on ${path}`).toEqual([]);
      await page.context().close();
    }
  });
});
