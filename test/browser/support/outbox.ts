// The development outbox (/dev/outbox), read in another tab of the same browser the way a person reads their
// inbox: each email is an article named "{subject} to {address}", newest first.
import { expect, type BrowserContext, type Locator, type Page } from "@playwright/test";
import { escapeRegExp, visit } from "./app";

/** The newest email to `to` whose whole subject matches `subject`. */
export function latestEmail(inbox: Page, to: string, subject: RegExp): Locator {
  return inbox.getByRole("article", { name: new RegExp(`^${subject.source} to ${escapeRegExp(to)}$`) }).first();
}

/** Opens the outbox in a new tab of `context` and waits for the newest email to `to` with this subject. */
export async function openEmail(context: BrowserContext, to: string, subject: RegExp): Promise<{ inbox: Page; message: Locator }> {
  const inbox = await context.newPage();
  await visit(inbox, "/dev/outbox");
  const message = latestEmail(inbox, to, subject);
  await expect(message).toBeVisible();
  return { inbox, message };
}

/** Follows the link in the newest email to `to` (in the outbox's tab, like clicking it in a mail client). */
export async function followEmailLink(context: BrowserContext, to: string, subject: RegExp): Promise<Page> {
  const { inbox, message } = await openEmail(context, to, subject);
  await message.getByRole("link", { name: /Open link/ }).click();
  return inbox;
}

/** The 6-digit code in the body of the newest email to `to` with this subject. */
export async function readCode(context: BrowserContext, to: string, subject: RegExp): Promise<string> {
  const { inbox, message } = await openEmail(context, to, subject);
  const text = await message.locator('[data-field="text"]').innerText();
  await inbox.close();
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`No 6-digit code in the email to ${to}:\n${text}`);
  return code;
}
