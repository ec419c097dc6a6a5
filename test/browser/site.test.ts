import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { publicPages } from "~/content/public-pages";
import { baseURL, MOBILE, openPage } from "./support/browser";

let emails = 0;
const freshEmail = (label: string) => `${label}-${Date.now()}-${emails++}@example.com`;

const dialog = (page: Page) => page.locator("dialog[open]");

async function mouseLeavesThroughTop(page: Page) {
  await page.evaluate(() => document.dispatchEvent(new MouseEvent("mouseout", { clientX: 400, clientY: 0, relatedTarget: null, bubbles: true })));
}

describe("header navigation", () => {
  it("desktop dropdowns open on hover and close when the mouse leaves", async () => {
    const { page } = await openPage("/");
    const aiButton = page.getByRole("button", { name: "AI", exact: true });
    const chatLink = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /AI Chat/ });
    await expect(chatLink.isVisible()).resolves.toBe(false);
    await aiButton.hover();
    await chatLink.waitFor({ state: "visible" });
    expect(await aiButton.getAttribute("aria-expanded")).toBe("true");
    await page.mouse.move(640, 600);
    await chatLink.waitFor({ state: "hidden" });
    expect(await aiButton.getAttribute("aria-expanded")).toBe("false");
  });

  it("desktop dropdowns work from the keyboard", async () => {
    const { page } = await openPage("/");
    const button = page.getByRole("button", { name: "Who we are" });
    await button.focus();
    await page.keyboard.press("Enter");
    expect(await button.getAttribute("aria-expanded")).toBe("true");
    await page.keyboard.press("ArrowDown");
    await page.waitForFunction(() => document.activeElement?.textContent?.includes("About"));
    await page.keyboard.press("ArrowDown");
    await page.waitForFunction(() => document.activeElement?.textContent?.includes("Roadmap"));
    await page.keyboard.press("Escape");
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Who we are");
    await page.keyboard.press("ArrowDown");
    await page.waitForFunction(() => document.activeElement?.textContent?.includes("About"));
    await page.keyboard.press("Enter");
    await page.waitForURL("**/about");
  });

  it("marks Home active only on exactly /, and other links by prefix", async () => {
    const { page } = await openPage("/");
    const main = page.getByRole("navigation", { name: "Main" });
    expect(await main.getByRole("link", { name: "Home" }).getAttribute("aria-current")).toBe("page");
    await main.getByRole("link", { name: "For Businesses" }).click();
    await page.waitForURL("**/business");
    await main.locator('a[aria-current="page"]', { hasText: "For Businesses" }).waitFor();
    expect(await main.getByRole("link", { name: "Home" }).getAttribute("aria-current")).toBeNull();
  });

  it("the mobile menu collapses, closes when a link is clicked, and opens the active group by itself", async () => {
    const { page } = await openPage("/", { viewport: MOBILE });
    const toggle = page.getByRole("button", { name: "Open menu" });
    const mobileNav = page.getByRole("navigation", { name: "Mobile" });
    expect(await mobileNav.isVisible()).toBe(false);
    await toggle.click();
    await mobileNav.waitFor({ state: "visible" });
    // On the home page neither group is active, so both start collapsed.
    expect(await mobileNav.getByRole("button", { name: "AI" }).getAttribute("aria-expanded")).toBe("false");
    expect(await mobileNav.getByRole("button", { name: "Who we are" }).getAttribute("aria-expanded")).toBe("false");
    await mobileNav.getByRole("button", { name: "Who we are" }).click();
    await mobileNav.getByRole("link", { name: "Roadmap" }).click();
    await page.waitForURL("**/timeline");
    await mobileNav.waitFor({ state: "hidden" });
    // The new page has rendered (the URL changes a moment before React commits the navigation).
    await page.getByRole("heading", { level: 1 }).filter({ hasText: /milestone/i }).waitFor();
    await page.getByRole("button", { name: "Open menu" }).click();
    await mobileNav.waitFor({ state: "visible" });
    expect(await mobileNav.getByRole("button", { name: "Who we are" }).getAttribute("aria-expanded")).toBe("true");
    expect(await mobileNav.getByRole("button", { name: "AI" }).getAttribute("aria-expanded")).toBe("false");
    expect(await mobileNav.getByRole("link", { name: "Roadmap" }).getAttribute("aria-current")).toBe("page");
  });

  it("an unknown path shows the 404 screen and logs the path", async () => {
    const { page, console: messages } = await openPage("/definitely/not/here");
    await page.getByRole("heading", { name: "Page not found" }).waitFor();
    expect(messages.some((line) => line.includes("/definitely/not/here"))).toBe(true);
    await page.getByRole("link", { name: "Go to the home page" }).click();
    await page.waitForURL(`${baseURL()}/`);
  });
});

describe("Stay Updated dialog", () => {
  it("needs an email and consent, shows success, closes itself after 2 s, locks scrolling and sets the flag", async () => {
    const { page } = await openPage("/about");
    await page.getByRole("button", { name: "Stay updated" }).click();
    await dialog(page).getByRole("heading", { name: "Stay Updated" }).waitFor();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe("hidden");
    const submit = dialog(page).getByRole("button", { name: "Subscribe" });
    expect(await submit.isDisabled()).toBe(true);
    await dialog(page).getByLabel("Email", { exact: true }).fill(freshEmail("modal"));
    expect(await submit.isDisabled()).toBe(true);
    await dialog(page).getByLabel(/I agree to receive product updates/).check();
    expect(await submit.isDisabled()).toBe(false);
    await submit.click();
    await dialog(page).getByText("Thanks for subscribing!").waitFor();
    await dialog(page).getByText("Check your inbox for product updates & launch invites.").waitFor();
    const shownAt = Date.now();
    await dialog(page).waitFor({ state: "detached", timeout: 5000 });
    expect(Date.now() - shownAt).toBeGreaterThan(1500);
    expect(await page.evaluate(() => localStorage.getItem("parley_subscribed"))).toBe("1");
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe("hidden");
    // Once subscribed, the site no longer offers it.
    expect(await page.getByRole("button", { name: "Stay updated" }).count()).toBe(0);
  });

  it("shows the spec's message for an invalid email and keeps what was typed", async () => {
    const { page } = await openPage("/about");
    await page.getByRole("button", { name: "Stay updated" }).click();
    await dialog(page).getByLabel("Email", { exact: true }).fill("not-an-email");
    await dialog(page).getByLabel(/I agree/).check();
    await dialog(page).getByRole("button", { name: "Subscribe" }).click();
    await dialog(page).getByText("Please enter a valid email.").waitFor();
    expect(await dialog(page).getByLabel("Email", { exact: true }).inputValue()).toBe("not-an-email");
  });

  it("cannot be closed while the request is in flight", async () => {
    const { page } = await openPage("/about");
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
    await dialog(page).getByRole("button", { name: "Subscribing…" }).waitFor();
    await page.keyboard.press("Escape");
    expect(await dialog(page).isVisible()).toBe(true);
    expect(await dialog(page).getByRole("button", { name: "Close" }).isDisabled()).toBe(true);
    release();
    await dialog(page).getByText("Thanks for subscribing!").waitFor();
  });
});

describe("exit intent on the landing page", () => {
  it("does not open before 10 s, opens after", async () => {
    const { page } = await openPage("/", { beforeLoad: (p) => p.clock.install() });
    await page.clock.runFor(9_000);
    await mouseLeavesThroughTop(page);
    expect(await dialog(page).count()).toBe(0);
    await page.clock.runFor(1_500);
    await mouseLeavesThroughTop(page);
    await dialog(page).getByRole("heading", { name: "Stay Updated" }).waitFor();
  });

  it("never opens once the visitor has subscribed", async () => {
    const { page } = await openPage("/", {
      beforeLoad: async (p) => {
        await p.addInitScript(() => localStorage.setItem("parley_subscribed", "1"));
        await p.clock.install();
      },
    });
    await page.clock.runFor(15_000);
    await mouseLeavesThroughTop(page);
    await page.waitForTimeout(300);
    expect(await dialog(page).count()).toBe(0);
  });

  it("subscribing with the Get in early form closes it and stops it for good", async () => {
    const { page } = await openPage("/", { beforeLoad: (p) => p.clock.install() });
    await page.clock.runFor(10_500);
    const form = page.getByRole("form", { name: "Get in early" });
    await form.getByLabel("Email", { exact: true }).fill(freshEmail("early"));
    await form.getByRole("button", { name: "Subscribe" }).click();
    await form.getByText("You're in. We'll ping you before we go live.").waitFor();
    await mouseLeavesThroughTop(page);
    await page.waitForTimeout(300);
    expect(await dialog(page).count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem("parley_subscribed"))).toBe("1");
  });
});

describe("landing Get in early form", () => {
  it("shows the error for an invalid email, then success, then returns to idle after 4 s", async () => {
    const { page } = await openPage("/");
    const form = page.getByRole("form", { name: "Get in early" });
    const status = form.getByRole("status");
    await form.getByLabel("Email", { exact: true }).fill("nobody@nowhere");
    await form.getByRole("button", { name: "Subscribe" }).click();
    await status.getByText("Please enter a valid email.").waitFor();
    expect(await form.getByLabel("Email", { exact: true }).inputValue()).toBe("nobody@nowhere");
    await form.getByLabel("Email", { exact: true }).fill(freshEmail("landing"));
    await form.getByRole("button", { name: "Subscribe" }).click();
    await status.getByText("You're in. We'll ping you before we go live.").waitFor();
    const doneAt = Date.now();
    await page.waitForFunction((el) => el?.textContent === "", await status.elementHandle(), { timeout: 6000 });
    expect(Date.now() - doneAt).toBeGreaterThan(3000);
  });
});

describe("Kickstarter waitlist", () => {
  it("disables the form and reads Subscribing… while loading, then says You’re in! 🎉 in green and clears the field", async () => {
    const { page } = await openPage("/kickstarter");
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
    const busy = form.getByRole("button", { name: "Subscribing…" });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    expect(await email.isDisabled()).toBe(true);
    release();
    const success = form.getByText("You’re in! 🎉");
    await success.waitFor();
    const [red, green, blue] = await success.evaluate((el) => {
      // Normalise whatever colour syntax the stylesheet uses to RGB through a canvas.
      const context = document.createElement("canvas").getContext("2d")!;
      context.fillStyle = getComputedStyle(el).color;
      context.fillRect(0, 0, 1, 1);
      return Array.from(context.getImageData(0, 0, 1, 1).data);
    });
    expect(green).toBeGreaterThan(red! + 40);
    expect(green).toBeGreaterThan(blue! + 20);
    expect(await email.inputValue()).toBe("");
    expect(await form.getByRole("button", { name: "Subscribe" }).isEnabled()).toBe(true);
  });

  it("a repeat signup is a success too, and a network failure says so", async () => {
    const { page } = await openPage("/kickstarter");
    const [top, bottom] = [page.getByRole("form", { name: "Join the waitlist" }).first(), page.getByRole("form", { name: "Join the waitlist" }).last()];
    const address = freshEmail("twice");
    await top.getByLabel("Email", { exact: true }).fill(address);
    await top.getByRole("button", { name: "Subscribe" }).click();
    await top.getByText("You’re in! 🎉").waitFor();
    await bottom.getByLabel("Email", { exact: true }).fill(address.toUpperCase());
    await bottom.getByRole("button", { name: "Subscribe" }).click();
    await bottom.getByText("You’re in! 🎉").waitFor();

    await page.route("**/api/subscriptions", (route) => route.abort("internetdisconnected"));
    await bottom.getByLabel("Email", { exact: true }).fill(freshEmail("offline"));
    await bottom.getByRole("button", { name: "Subscribe" }).click();
    await bottom.getByText("Network error. Please check your connection and try again.").waitFor();
    expect(await bottom.getByLabel("Email", { exact: true }).inputValue()).toContain("offline");
  });
});

describe("privacy", () => {
  it("no public page requests anything from another host, and nothing violates the CSP", async () => {
    const origin = new URL(baseURL()).origin;
    for (const path of [...publicPages, "/no-such-page"]) {
      const { page, requests, console: messages, context } = await openPage(path);
      // Open the menus and dialogs too: they must not load anything from elsewhere either.
      await page.getByRole("button", { name: "AI", exact: true }).hover();
      await page.getByRole("button", { name: "Stay updated" }).click();
      await dialog(page).waitFor();
      await page.waitForLoadState("networkidle");
      const foreign = requests.filter((url) => !url.startsWith(origin) && !url.startsWith("data:"));
      expect(foreign, `requests from ${path}`).toEqual([]);
      expect(messages.filter((line) => /Content.Security.Policy|Refused to/i.test(line)), `CSP reports on ${path}`).toEqual([]);
      await context.close();
    }
  }, 90_000);
});
