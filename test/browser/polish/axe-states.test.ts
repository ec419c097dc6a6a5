// axe-core on the states a page load does not show (issue 17, docs/decisions/0030-accessibility-checks.md): the open
// menus, the Stay Updated dialog, the live chat (offline form, and online with the Studio open), and forms showing
// their errors. Each state is checked on the whole page, as a person meets it.
import type { Page } from "@playwright/test";
import { DESKTOP, MOBILE, visit } from "../support/app";
import { OWNER_EMAIL } from "../support/auth-page";
import { expectNoAxeViolations } from "../support/axe";
import { expect, test } from "../support/fixtures";

const openLiveChat = async (page: Page) => {
  await visit(page, "/contact");
  await page.getByRole("button", { name: "Start Live Chat" }).click();
  const dialog = page.getByRole("dialog", { name: "Live Chat" });
  await expect(dialog).toBeVisible();
  return dialog;
};

test.describe("menus", () => {
  test("the mobile menu, open with a group expanded", async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await visit(page, "/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu).toBeVisible();
    await expectNoAxeViolations(page, "the open mobile menu");
    await menu.getByRole("button", { name: "AI" }).click();
    await expect(menu.getByRole("button", { name: "AI" })).toHaveAttribute("aria-expanded", "true");
    await expectNoAxeViolations(page, "the open mobile menu with its AI group expanded");
  });

  test("a desktop header dropdown, open", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await visit(page, "/");
    const nav = page.getByRole("navigation", { name: "Main" });
    const button = nav.getByRole("button", { name: "AI" });
    await button.focus();
    await page.keyboard.press("ArrowDown");
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expectNoAxeViolations(page, "the open AI dropdown");
  });
});

test.describe("dialogs", () => {
  test("the Stay Updated dialog, open and refusing an invalid address", async ({ page }) => {
    await visit(page, "/about");
    await page.getByRole("contentinfo").getByRole("button", { name: "Stay updated" }).click();
    const dialog = page.getByRole("dialog", { name: "Stay Updated" });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page, "the Stay Updated dialog");
    await dialog.getByLabel("Email", { exact: true }).fill("not-an-email");
    await dialog.getByLabel(/I agree/).check();
    await dialog.getByRole("button", { name: "Subscribe" }).click();
    await expect(dialog.getByText("Please enter a valid email.")).toBeVisible();
    await expectNoAxeViolations(page, "the Stay Updated dialog with its error");
  });

  test("the live chat while nobody is online: its message form, empty and with errors", async ({ page }) => {
    const dialog = await openLiveChat(page);
    const send = dialog.getByRole("button", { name: "Leave a Message" });
    await expect(send).toBeVisible();
    await expectNoAxeViolations(page, "the offline live chat");
    await dialog.getByLabel("Email", { exact: true }).fill("ada@");
    await send.click();
    await expect(dialog.getByLabel("Email", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page, "the offline live chat with errors");
  });

  test("the live chat while the owner's Studio is open, before and after the visitor's first message", async ({ page, newVisitor }) => {
    const owner = await newVisitor({ signedInAs: OWNER_EMAIL });
    await visit(owner, "/studio/inbox");
    const dialog = await openLiveChat(page);
    await expect(dialog.getByTestId("live-chat-online")).toBeVisible();
    await expectNoAxeViolations(page, "the online live chat");
    await dialog.getByRole("textbox", { name: "Message" }).fill("Hello, is anyone there?");
    await dialog.getByRole("button", { name: "Start chat" }).click();
    await expect(dialog.getByTestId("chat-mine")).toHaveText(/anyone there/);
    await expectNoAxeViolations(page, "the live chat with a conversation under way");
  });
});

test.describe("forms with errors", () => {
  for (const size of [MOBILE, DESKTOP]) {
    test(`the contact form, sent empty and then with a bad address, at ${size.width} px`, async ({ page }) => {
      await page.setViewportSize(size);
      await visit(page, "/contact");
      const form = page.getByRole("form", { name: "Send us a message", exact: true });
      await form.getByRole("button", { name: "Send Message" }).click();
      await expect(form.getByLabel("Name", { exact: true })).toHaveAttribute("aria-invalid", "true");
      await expectNoAxeViolations(page, `the empty contact form's errors at ${size.width} px`);
      await form.getByLabel("Name", { exact: true }).fill("Alan Turing");
      await form.getByLabel("Email", { exact: true }).fill("alan@");
      await form.getByLabel("Topic").selectOption("support");
      await form.getByLabel("Message", { exact: true }).fill("Help, please.");
      await form.getByRole("button", { name: "Send Message" }).click();
      await expect(page.locator('[data-sonner-toast][data-type="error"]').first()).toBeVisible();
      await expectNoAxeViolations(page, `the contact form's bad address and error toast at ${size.width} px`);
    });
  }

  test("the sign-in form, sent empty and then with a wrong password", async ({ page }) => {
    await visit(page, "/auth");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByLabel("Email address")).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page, "the empty sign-in form");
    await page.getByLabel("Email address").fill(`nobody-${Date.now()}@example.com`);
    await page.getByLabel("Password", { exact: true }).fill("not-the-password");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByRole("alert").getByText("Invalid login credentials")).toBeVisible();
    await expectNoAxeViolations(page, "the sign-in form's server error");
  });
});
