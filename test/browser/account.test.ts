// The account page in a real browser: the history tabs, export, the retention setting and deleting the
// account, against the real server (translations through the real Apertium APY on loopback).
import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { escapeRegExp, signInWithMagicLink, signUpWithPassword } from "./support/accounts";
import { MOBILE, toastText, waitForHydration } from "./support/browser";

const run = Date.now();
const PASSWORD = "violet-harbour-lantern-42";

/** Calls the app's own API from the page, with its cookies, like the app's screens do. */
async function callApi(page: Page, path: string, body: unknown) {
  return page.evaluate(
    async ({ path, body }) => {
      const response = await fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      return { status: response.status, body: await response.json() };
    },
    { path, body },
  );
}

const tab = (page: Page, name: string) => page.getByRole("tab", { name });
const panel = (page: Page) => page.locator('[role="tabpanel"]:not([hidden])');

describe("account page", () => {
  it("shows the tabs and their empty states to a new user, on a phone", { timeout: 60_000 }, async () => {
    const { page, context } = await signInWithMagicLink(`account-empty-${run}@example.com`);
    await page.setViewportSize(MOBILE);
    await page.getByText(`account-empty-${run}@example.com`).waitFor();
    expect(await tab(page, "AI History").getAttribute("aria-selected")).toBe("true");
    await panel(page).getByText("No conversations yet.").waitFor();

    await tab(page, "Translations").click();
    await page.waitForURL(/\?tab=translate$/);
    await panel(page).getByText("No translations yet.").waitFor();
    expect(await panel(page).getByRole("link", { name: "Open the translator" }).getAttribute("href")).toBe("/translate");

    // Keyboard: arrow keys move between tabs (WAI-ARIA automatic activation).
    await tab(page, "Translations").press("ArrowRight");
    await page.waitForURL(/\?tab=blog$/);
    await panel(page).getByText("No entries yet.").waitFor();
    expect(await panel(page).getByRole("link", { name: "Read the blog" }).getAttribute("href")).toBe("/blog");

    // Nothing on the page is wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await context.close();
  });

  // It translates through Apertium: skipped when APY is not installed here (never under CI=true).
  it.skipIf(!inject("apertiumAvailable"))("lists a translation and a chat turn; a row opens the conversation; the export downloads them", { timeout: 90_000 }, async () => {
    const email = `account-history-${run}@example.com`;
    const { page, context } = await signInWithMagicLink(email);

    const translated = await callApi(page, "/api/translate", { source: "en", target: "es", text: "The house is red." });
    expect(translated).toMatchObject({ status: 200, body: { output: "La casa es roja." } });
    const turn = await callApi(page, "/api/ai", { message: "Plan a weekend in Lisbon", assistantText: "Day one: Alfama and the castle.\nDay two: Belém.", turnId: crypto.randomUUID() });
    expect(turn.status).toBe(200);
    const conversationId = (turn.body as { conversationId: string }).conversationId;

    await page.reload();
    await waitForHydration(page);
    const conversations = page.getByRole("list", { name: "Your conversations" });
    const row = conversations.getByRole("link").first();
    await row.waitFor();
    expect(await conversations.getByRole("link").count()).toBe(1);
    expect(await row.getAttribute("href")).toBe(`/ai?c=${conversationId}`);
    expect(await row.innerText()).toContain("Plan a weekend in Lisbon");
    expect(await row.innerText()).toContain("Day one: Alfama and the castle. Day two: Belém.");

    await tab(page, "Translations").click();
    const translations = page.getByRole("list", { name: "Your translations" });
    await translations.getByText("The house is red.").waitFor();
    await translations.getByText("La casa es roja.").waitFor();
    await translations.getByText(/English → Spanish/).waitFor();

    // Export: one click, one JSON file with both.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export my data" }).click()]);
    expect(download.suggestedFilename()).toBe(`parley-data-${new Date().toISOString().slice(0, 10)}.json`);
    const exported = JSON.parse(await readFile((await download.path())!, "utf8")) as {
      account: { email: string };
      conversations: { id: string; messages: { role: string; content: string }[] }[];
      translations: { input: string; output: string }[];
    };
    expect(exported.account.email).toBe(email);
    expect(exported.conversations.map((conversation) => conversation.id)).toEqual([conversationId]);
    expect(exported.conversations[0]!.messages.map((message) => message.role)).toEqual(["user", "assistant"]);
    expect(exported.translations).toEqual([expect.objectContaining({ input: "The house is red.", output: "La casa es roja." })]);

    // The row opens the conversation.
    await tab(page, "AI History").click();
    await page.getByRole("list", { name: "Your conversations" }).getByRole("link").first().click();
    await page.waitForURL((url) => url.pathname === "/ai" && url.searchParams.get("c") === conversationId);
    await context.close();
  });

  it("saves the history retention setting, keeping a rejected value to correct", { timeout: 60_000 }, async () => {
    const { page, context } = await signInWithMagicLink(`account-retention-${run}@example.com`);
    await page.getByText("Your conversations are kept until you delete them.").waitFor();
    await page.getByLabel("Keep my AI conversations").selectOption("days");
    const days = page.getByLabel("Days to keep (1–365)");
    await days.fill("400");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("Choose a number of days from 1 to 365.").waitFor();
    expect(await days.inputValue()).toBe("400");

    await days.fill("14");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    expect(await toastText(page, "History setting saved")).toContain("14 days");
    await page.reload();
    await waitForHydration(page);
    await page.getByText("Conversations not updated for 14 days are deleted automatically, once a day.").waitFor();
    expect(await page.getByLabel("Days to keep (1–365)").inputValue()).toBe("14");
    await context.close();
  });

  it("deletes a password account after a warning: a wrong password keeps it; then it signs out and the sign-in fails", { timeout: 90_000 }, async () => {
    const email = `account-delete-${run}@example.com`;
    const { page, context } = await signUpWithPassword(email, PASSWORD);
    await page.getByRole("button", { name: "Delete my account" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    await dialog.getByText(/Your blog posts, including published ones/).waitFor();

    const password = dialog.getByLabel("Your password");
    await password.fill("not-the-password");
    await dialog.getByRole("button", { name: "Delete my account permanently" }).click();
    await dialog.getByText("That password is not correct. Nothing was deleted.").waitFor();
    expect(await password.inputValue()).toBe("not-the-password");

    await password.fill(PASSWORD);
    await dialog.getByRole("button", { name: "Delete my account permanently" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await waitForHydration(page);
    await page.getByRole("link", { name: "Login / Create account" }).first().waitFor();

    // The session is gone for good, and the account with it.
    await page.goto("/account");
    await page.waitForURL(/\/auth\?next=%2Faccount/);
    await waitForHydration(page);
    await page.getByLabel("Email address").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.getByText("Invalid login credentials").waitFor();
    await context.close();
  });

  it("deletes a passwordless account with a code sent by email", { timeout: 90_000 }, async () => {
    const email = `account-nopass-${run}@example.com`;
    const { page, context } = await signInWithMagicLink(email);
    await page.getByRole("button", { name: "Delete my account" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    await dialog.getByRole("button", { name: "Send me a code" }).click();
    await toastText(page, "Code sent");

    const inbox = await context.newPage();
    await inbox.goto("/dev/outbox");
    await waitForHydration(inbox);
    const subject = await inbox
      .getByRole("article", { name: new RegExp(`^Your code to delete your Parley account: \\d{6} to ${escapeRegExp(email)}$`) })
      .first()
      .getAttribute("aria-label");
    const code = /(\d{6})/.exec(subject!)![1]!;
    await inbox.close();

    await dialog.getByLabel("Code from the email").fill(code);
    await dialog.getByRole("button", { name: "Delete my account permanently" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.goto("/account");
    await page.waitForURL(/\/auth\?next=%2Faccount/);
    await context.close();
  });
});
