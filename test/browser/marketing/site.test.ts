// The site's shell in a real browser: header navigation, the 404 screen, and that no public page loads
// anything from another host.
import type { Page } from "@playwright/test";
import { publicPages } from "@core/public-pages";
import { MOBILE, visit } from "../support/app";
import { expect, logPage, test } from "../support/fixtures";

const dialog = (page: Page) => page.locator("dialog[open]");
const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });
const focused = (page: Page) => page.locator(":focus");

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
      expect(
        log.console.filter((line) => /Content.Security.Policy|Refused to/i.test(line)),
        `CSP reports on ${path}`,
      ).toEqual([]);
      await page.context().close();
    }
  });
});
