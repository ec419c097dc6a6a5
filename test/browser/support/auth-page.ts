// The sign-in page (/auth) and the header as the account tests see them.
import { expect, type Page } from "@playwright/test";

export const OWNER_EMAIL = "owner@parley.test";
export const PASSWORD = "violet-harbour-lantern-42";

let emails = 0;
/** An address no other test uses (the server limits sign-ins per address). */
export const freshEmail = (label: string) => `${label}-${Date.now()}-${emails++}@example.com`;

export const alertBox = (page: Page) => page.getByRole("alert");
export const statusBox = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });
export const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });
export const banner = (page: Page) => page.getByRole("banner");

export async function signInForm(page: Page, email: string, password: string) {
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

export async function expectAccountPage(page: Page, email: string) {
  await expect(page).toHaveURL("/account");
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
}
