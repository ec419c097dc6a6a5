// Signing in from a browser test the way a person would: a magic link read from the dev outbox (/dev/outbox).
import type { Page } from "playwright-core";
import { openPage, waitForHydration, type OpenedPage } from "./browser";

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Requests a magic link for `email` (which creates and confirms the account if needed), follows it from
 * the outbox in the same browser context, and returns that signed-in tab (on /account).
 */
export async function signInWithMagicLink(email: string): Promise<OpenedPage> {
  const opened = await openPage("/auth?view=magic_link");
  await opened.page.getByLabel("Email address").fill(email);
  await opened.page.getByRole("button", { name: "Send Magic Link" }).click();
  await opened.page.getByRole("status").filter({ hasText: "Check your email for the magic link" }).waitFor();
  const inbox: Page = await opened.context.newPage();
  inbox.on("request", (request) => opened.requests.push(request.url()));
  inbox.on("console", (message) => opened.console.push(`${message.type()}: ${message.text()}`));
  await inbox.goto("/dev/outbox");
  await waitForHydration(inbox);
  const message = inbox.getByRole("article", { name: new RegExp(`^Your Parley sign-in link to ${escapeRegExp(email)}$`) }).first();
  await message.getByRole("link", { name: /Open link/ }).click();
  await inbox.waitForURL(/\/account$/);
  await waitForHydration(inbox);
  await opened.page.close();
  return { ...opened, page: inbox };
}

/**
 * Signs up with a password and follows the confirmation link from the outbox in the same browser
 * context; returns that signed-in tab (on /account).
 */
export async function signUpWithPassword(email: string, password: string): Promise<OpenedPage> {
  const opened = await openPage("/auth?view=sign_up");
  await opened.page.getByLabel("Email address").fill(email);
  await opened.page.getByLabel("Password", { exact: true }).fill(password);
  await opened.page.getByRole("button", { name: "Sign up", exact: true }).click();
  await opened.page.getByRole("status").filter({ hasText: "Check your email for the confirmation link" }).waitFor();
  const inbox: Page = await opened.context.newPage();
  await inbox.goto("/dev/outbox");
  await waitForHydration(inbox);
  const message = inbox.getByRole("article", { name: new RegExp(`Confirm your Parley account to ${escapeRegExp(email)}`) }).first();
  await message.getByRole("link", { name: /Open link/ }).click();
  await inbox.waitForURL(/\/account$/);
  await waitForHydration(inbox);
  await opened.page.close();
  return { ...opened, page: inbox };
}
