// Changing the password and the email address on the account page (docs/decisions/0017-credentials-and-codes.md), with
// the new address confirmed from the development outbox, and the password form once more without JavaScript.
import type { Page } from "@playwright/test";
import { expectToast, visit } from "../support/app";
import { expectAccountPage, freshEmail, PASSWORD, signInForm } from "../support/auth-page";
import { expect, test } from "../support/fixtures";
import { followEmailLink, openEmail } from "../support/outbox";

const NEW_PASSWORD = "copper-meadow-quartz-77";

const passwordForm = (page: Page) => page.getByRole("form", { name: "Change password" });
const emailForm = (page: Page) => page.getByRole("form", { name: "Change email" });

async function signOutAndBackIn(page: Page, email: string, password: string) {
  await page.locator("#main").getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page).toHaveURL("/");
  await visit(page, "/auth?next=%2Faccount");
  await signInForm(page, email, password);
  await expectAccountPage(page, email);
}

test.describe("credentials on the account page", () => {
  test("changes the password with the current one; a wrong current password is refused", async ({ page, signIn }) => {
    const email = freshEmail("change-password");
    await signIn(email, PASSWORD);
    const form = passwordForm(page);
    await form.getByLabel("Current password").fill("not-my-password-1");
    await form.getByLabel("New password").fill(NEW_PASSWORD);
    await form.getByRole("button", { name: "Change password" }).click();
    await expect(form.getByText("That password is not correct.")).toBeVisible();

    await form.getByLabel("Current password").fill(PASSWORD);
    await form.getByLabel("New password").fill(NEW_PASSWORD);
    await form.getByRole("button", { name: "Change password" }).click();
    await expectToast(page, "Password changed", /other devices were signed out/);
    await expect(form.getByLabel("New password")).toHaveValue("");

    await signOutAndBackIn(page, email, NEW_PASSWORD);
  });

  test("changes the email: a link to the new address, a notice to the old one, then sign in with the new address", async ({
    page,
    context,
    signIn,
  }) => {
    test.setTimeout(90_000);
    const email = freshEmail("old-address");
    const newEmail = freshEmail("new-address");
    await signIn(email, PASSWORD);
    const form = emailForm(page);
    await form.getByLabel("New email address").fill(newEmail);
    await form.getByLabel("Current password").fill(PASSWORD);
    await form.getByRole("button", { name: "Send confirmation link" }).click();
    await expectToast(page, "Check your new inbox", new RegExp(`sent a confirmation link to ${newEmail.replaceAll(".", "\\.")}`));
    // Nothing changes before the link is confirmed.
    await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();

    const { inbox: noticeTab, message } = await openEmail(context, email, /Your Parley email address is being changed/);
    await expect(message).toContainText(`Your Parley email is being changed to ${newEmail}`);
    await noticeTab.close();

    const inbox = await followEmailLink(context, newEmail, /Confirm your new Parley email address/);
    await expectAccountPage(inbox, newEmail);
    await inbox.close();

    await signOutAndBackIn(page, newEmail, PASSWORD);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the password form posts to the page and answers in it", async ({ page, accounts }) => {
    const email = freshEmail("change-password-nojs");
    await accounts.create(email, PASSWORD);
    await page.goto("/auth?next=%2Faccount");
    await signInForm(page, email, PASSWORD);
    await expect(page).toHaveURL("/account");

    await passwordForm(page).getByLabel("New password").fill(NEW_PASSWORD);
    await passwordForm(page).getByRole("button", { name: "Change password" }).click();
    await expect(passwordForm(page).getByText("Enter your current password.").first()).toBeVisible();

    await passwordForm(page).getByLabel("Current password").fill(PASSWORD);
    await passwordForm(page).getByLabel("New password").fill(NEW_PASSWORD);
    await passwordForm(page).getByRole("button", { name: "Change password" }).click();
    await expect(passwordForm(page).getByRole("status")).toContainText("Password changed");

    await page.context().clearCookies();
    await page.goto("/auth?next=%2Faccount");
    await signInForm(page, email, NEW_PASSWORD);
    await expect(page).toHaveURL("/account");
  });
});
