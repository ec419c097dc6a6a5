// The mobile menu and the dialogs from the keyboard and by touch (issue 17's review): Escape and a tap outside close
// the menu, Tab stays in it while it is open, closing hands focus back to its toggle, a navigation leaves only the
// current page's group open; the Stay Updated dialog gives focus back to what opened it.
import type { Page } from "@playwright/test";
import { MOBILE, visit } from "../support/app";
import { expect, test } from "../support/fixtures";

const mobileNav = (page: Page) => page.getByRole("navigation", { name: "Mobile" });
const toggle = (page: Page) => page.getByRole("button", { name: /^(Open|Close) menu$/ });

/** Whether focus is on the menu's toggle or inside the menu. */
const focusInMenu = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    const nav = document.querySelector('nav[aria-label="Mobile"]');
    const button = document.querySelector(`button[aria-controls="${nav?.id}"]`);
    return Boolean(active && (active === button || nav?.contains(active)));
  });

test.describe("the mobile menu", () => {
  test.use({ viewport: MOBILE });

  test("Escape closes it and gives focus back to its toggle", async ({ page }) => {
    await visit(page, "/");
    await toggle(page).click();
    await expect(mobileNav(page)).toBeVisible();
    await mobileNav(page).getByRole("link", { name: "Blog" }).focus();
    await page.keyboard.press("Escape");
    await expect(mobileNav(page)).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
  });

  test("a tap outside it closes it", async ({ page }) => {
    await visit(page, "/");
    await toggle(page).click();
    const box = await mobileNav(page).boundingBox();
    expect(box).not.toBeNull();
    // Below the menu's panel, on the page behind it.
    await page.mouse.click(MOBILE.width / 2, Math.min(MOBILE.height - 10, box!.y + box!.height + 40));
    await expect(mobileNav(page)).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
  });

  test("Tab and Shift+Tab stay in the menu and its toggle while it is open", async ({ page }) => {
    await visit(page, "/");
    await toggle(page).focus();
    await page.keyboard.press("Enter");
    await expect(mobileNav(page)).toBeVisible();
    const stops = await mobileNav(page).locator("a:visible, button:visible").count();
    for (let press = 0; press < stops + 3; press++) {
      await page.keyboard.press("Tab");
      expect(await focusInMenu(page), `after ${press + 1} Tab presses`).toBe(true);
    }
    await toggle(page).focus();
    await page.keyboard.press("Shift+Tab");
    expect(await focusInMenu(page)).toBe(true);
    // Shift+Tab from the toggle wraps round to the menu's last entry.
    await expect(mobileNav(page).getByRole("link", { name: "Login / Create account" })).toBeFocused();
  });

  test("a group opened by hand closes after a navigation; the current page's group stays open", async ({ page }) => {
    await visit(page, "/");
    await toggle(page).click();
    await mobileNav(page).getByRole("button", { name: "AI" }).click();
    await expect(mobileNav(page).getByRole("button", { name: "AI" })).toHaveAttribute("aria-expanded", "true");
    await mobileNav(page).getByRole("button", { name: "Who we are" }).click();
    await mobileNav(page).getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL("/about");
    await expect(mobileNav(page)).toBeHidden();
    // Following a link from the menu hands focus to the toggle rather than losing it with the closed menu.
    await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(mobileNav(page).getByRole("button", { name: "AI" })).toHaveAttribute("aria-expanded", "false");
    await expect(mobileNav(page).getByRole("button", { name: "Who we are" })).toHaveAttribute("aria-expanded", "true");
  });
});

test.describe("the Stay Updated dialog", () => {
  test("gives focus back to the button that opened it, whether closed by Escape or by its Close button", async ({ page }) => {
    await visit(page, "/about");
    const trigger = page.getByRole("contentinfo").getByRole("button", { name: "Stay updated" });
    const dialog = page.getByRole("dialog", { name: "Stay Updated" });

    await trigger.focus();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    await expect(trigger).not.toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();

    await trigger.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
  });
});
