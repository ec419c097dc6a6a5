// The account page in a real browser: the history tabs, export, the retention setting and deleting the
// account, against the real server (translations through the real Apertium APY on loopback).
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { APERTIUM_MISSING, apertiumAvailable, expectHydrated, expectToast, MOBILE, reload } from "../support/app";
import { expect, test } from "../support/fixtures";
import { readCode } from "../support/outbox";

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

/** The account is gone for good: /account sends a visitor to sign in. */
async function expectSignedOut(page: Page) {
  await page.goto("/account");
  await expect(page).toHaveURL(/\/auth\?next=%2Faccount/);
}

test.describe("account page", () => {
  test("shows the tabs and their empty states to a new user, on a phone", async ({ page, signIn }) => {
    await signIn(`account-empty-${run}@example.com`);
    await page.setViewportSize(MOBILE);
    await expect(page.getByText(`account-empty-${run}@example.com`)).toBeVisible();
    await expect(tab(page, "AI History")).toHaveAttribute("aria-selected", "true");
    await expect(panel(page).getByText("No conversations yet.")).toBeVisible();

    await tab(page, "Translations").click();
    await expect(page).toHaveURL(/\?tab=translate$/);
    await expect(panel(page).getByText("No translations yet.")).toBeVisible();
    await expect(panel(page).getByRole("link", { name: "Open the translator" })).toHaveAttribute("href", "/translate");

    // Keyboard: arrow keys move between tabs (WAI-ARIA automatic activation).
    await tab(page, "Translations").press("ArrowRight");
    await expect(page).toHaveURL(/\?tab=blog$/);
    await expect(panel(page).getByText("No entries yet.")).toBeVisible();
    await expect(panel(page).getByRole("link", { name: "Read the blog" })).toHaveAttribute("href", "/blog");

    // Nothing on the page is wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
  });

  test("lists a translation and a chat turn; a row opens the conversation; the export downloads them", async ({ page, signIn }) => {
    // It translates through Apertium.
    test.skip(!apertiumAvailable, APERTIUM_MISSING);
    test.setTimeout(90_000);
    const email = `account-history-${run}@example.com`;
    await signIn(email);

    const translated = await callApi(page, "/api/translate", { source: "en", target: "es", text: "The house is red." });
    expect(translated).toMatchObject({ status: 200, body: { output: "La casa es roja." } });
    const turn = await callApi(page, "/api/ai", {
      message: "Plan a weekend in Lisbon",
      assistantText: "Day one: Alfama and the castle.\nDay two: Belém.",
      turnId: crypto.randomUUID(),
    });
    expect(turn.status).toBe(200);
    const conversationId = (turn.body as { conversationId: string }).conversationId;

    await reload(page);
    const conversations = page.getByRole("list", { name: "Your conversations" });
    const row = conversations.getByRole("link");
    await expect(row).toHaveCount(1);
    await expect(row).toHaveAttribute("href", `/ai?c=${conversationId}`);
    await expect(row).toContainText("Plan a weekend in Lisbon");
    await expect(row).toContainText("Day one: Alfama and the castle. Day two: Belém.", { useInnerText: true });

    await tab(page, "Translations").click();
    const translations = page.getByRole("list", { name: "Your translations" });
    await expect(translations.getByText("The house is red.")).toBeVisible();
    await expect(translations.getByText("La casa es roja.")).toBeVisible();
    await expect(translations.getByText(/English → Spanish/)).toBeVisible();

    // Export: one click, one JSON file with both.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export my data" }).click()]);
    expect(download.suggestedFilename()).toBe(`parley-data-${new Date().toISOString().slice(0, 10)}.json`);
    const exported = JSON.parse(await readFile(await download.path(), "utf8")) as {
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
    await conversations.getByRole("link").first().click();
    await expect(page).toHaveURL((url) => url.pathname === "/ai" && url.searchParams.get("c") === conversationId);
  });

  test("saves the history retention setting, keeping a rejected value to correct", async ({ page, signIn }) => {
    await signIn(`account-retention-${run}@example.com`);
    await expect(page.getByText("Your conversations are kept until you delete them.")).toBeVisible();
    await page.getByLabel("Keep my AI conversations").selectOption("days");
    const days = page.getByLabel("Days to keep (1–365)");
    await days.fill("400");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Choose a number of days from 1 to 365.")).toBeVisible();
    await expect(days).toHaveValue("400");

    await days.fill("14");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expectToast(page, "History setting saved", "14 days");
    await reload(page);
    await expect(page.getByText("Conversations not updated for 14 days are deleted automatically, once a day.")).toBeVisible();
    await expect(page.getByLabel("Days to keep (1–365)")).toHaveValue("14");
  });

  test("deletes a password account after a warning: a wrong password keeps it; then it signs out and the sign-in fails", async ({ page, signIn }) => {
    test.setTimeout(90_000);
    const email = `account-delete-${run}@example.com`;
    await signIn(email, PASSWORD);
    await page.getByRole("button", { name: "Delete my account" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    await expect(dialog.getByText(/Your blog posts, including published ones/)).toBeVisible();

    const password = dialog.getByLabel("Your password");
    await password.fill("not-the-password");
    await dialog.getByRole("button", { name: "Delete my account permanently" }).click();
    await expect(dialog.getByText("That password is not correct. Nothing was deleted.")).toBeVisible();
    await expect(password).toHaveValue("not-the-password");

    await password.fill(PASSWORD);
    await dialog.getByRole("button", { name: "Delete my account permanently" }).click();
    await expect(page).toHaveURL("/");
    await expectHydrated(page);
    await expect(page.getByRole("link", { name: "Login / Create account" }).first()).toBeVisible();

    // The session is gone for good, and the account with it.
    await expectSignedOut(page);
    await expectHydrated(page);
    await page.getByLabel("Email address").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByText("Invalid login credentials")).toBeVisible();
  });

  test("deletes a passwordless account with a code sent by email", async ({ page, context, signIn }) => {
    test.setTimeout(90_000);
    const email = `account-nopass-${run}@example.com`;
    await signIn(email);
    await page.getByRole("button", { name: "Delete my account" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    await dialog.getByRole("button", { name: "Send me a code" }).click();
    await expectToast(page, "Code sent");

    const code = await readCode(context, email, /Your code to delete your Parley account: \d{6}/);
    await dialog.getByLabel("Code from the email").fill(code);
    await dialog.getByRole("button", { name: "Delete my account permanently" }).click();
    await expect(page).toHaveURL("/");
    await expectSignedOut(page);
  });
});
