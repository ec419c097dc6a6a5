// Signing in from a browser test the way a person would: a link read from the dev outbox, followed in the
// same tab, which ends signed in on /account.
import { expect, type Page } from "@playwright/test";
import { expectHydrated, visit } from "./app";
import { latestEmail } from "./outbox";

async function followLinkFromOutbox(page: Page, email: string, subject: RegExp) {
  await visit(page, "/dev/outbox");
  await latestEmail(page, email, subject)
    .getByRole("link", { name: /Open link/ })
    .click();
  await expect(page).toHaveURL("/account");
  await expectHydrated(page);
}

/** Requests a magic link for `email` (which creates and confirms the account if needed) and follows it. */
export async function signInWithMagicLink(page: Page, email: string) {
  await visit(page, "/auth?view=magic_link");
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Send Magic Link" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Check your email for the magic link" })).toBeVisible();
  await followLinkFromOutbox(page, email, /Your Parley sign-in link/);
}

/** Signs up with a password and follows the confirmation link. */
export async function signUpWithPassword(page: Page, email: string, password: string) {
  await visit(page, "/auth?view=sign_up");
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign up", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Check your email for the confirmation link" })).toBeVisible();
  await followLinkFromOutbox(page, email, /Confirm your Parley account/);
}
