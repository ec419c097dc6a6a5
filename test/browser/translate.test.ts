// The translator in a real browser against the real server and a real Apertium APY on loopback (the tests that
// translate skip when APY is not installed here; see test/support/apertium.ts).
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { TRANSLATION_NOT_CONFIGURED } from "~/schemas/translate";
import { TranslationNotConfiguredError } from "../../worker/services/translation/types";
import { signUpWithPassword } from "./support/accounts";
import { openPage, toastText, waitForHydration } from "./support/browser";

const PASSWORD = "violet-harbour-lantern-42";
const email = `translator-${Date.now()}@example.com`;

/** Creates and confirms an account through the outbox; returns its storage state for signed-in pages. */
async function createAccount() {
  const { context } = await signUpWithPassword(email, PASSWORD);
  const state = await context.storageState();
  await context.close();
  return state;
}

let storageState: Awaited<ReturnType<typeof createAccount>>;
const withApertium = it.skipIf(!inject("apertiumAvailable"));

/** The signed-in translator; `beforeLoad` may stand in for API answers the running server cannot give. */
async function openTranslator(beforeLoad?: (page: Page) => Promise<unknown>) {
  const opened = await openPage("/translate", {
    beforeLoad: async (page) => {
      await page.context().addCookies(storageState.cookies);
      await beforeLoad?.(page);
    },
  });
  await opened.context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await opened.page.reload();
  await waitForHydration(opened.page);
  return opened;
}

async function pickLanguage(page: Page, which: "Source language" | "Target language", search: string, option: string) {
  await page.getByRole("group", { name: which === "Source language" ? "Source" : "Target" }).getByRole("button", { name: new RegExp(which) }).click();
  await page.getByRole("combobox", { name: `Search ${which.toLowerCase()}` }).fill(search);
  await page.getByRole("option", { name: new RegExp(`^${option}`) }).first().click();
}

beforeAll(async () => {
  storageState = await createAccount();
}, 90_000);

describe("translator", () => {
  it("invites signed-out visitors to sign in instead of failing", async () => {
    const { page, context } = await openPage("/translate");
    await page.getByRole("heading", { level: 1, name: "Translate" }).waitFor();
    expect(await page.getByRole("link", { name: "Sign in to translate" }).getAttribute("href")).toBe("/auth?next=/translate");
    expect(await page.getByRole("button", { name: "Translate" }).isDisabled()).toBe(true);
    await context.close();
  });

  withApertium("translates English → Spanish through Apertium, copies, updates the history, swaps and loads", { timeout: 60_000 }, async () => {
    const { page, context } = await openTranslator();
    const translateButton = page.getByRole("button", { name: "Translate", exact: true });
    await page.getByText("No translations yet.").waitFor();
    expect(await translateButton.isDisabled()).toBe(true);
    // Swap is disabled on Auto-detect.
    expect(await page.getByRole("button", { name: "Swap languages" }).isDisabled()).toBe(true);

    await pickLanguage(page, "Source language", "engl", "English");
    await pickLanguage(page, "Target language", "span", "Spanish");
    const source = page.getByLabel("Text to translate");
    expect(await source.getAttribute("dir")).toBe("auto");
    expect((await source.boundingBox())!.height).toBeGreaterThanOrEqual(200);
    await source.fill("The house is red.");
    expect(await page.getByTestId("source-count").innerText()).toBe("17 / 5,000");
    await translateButton.click();
    const output = page.getByLabel("Translation", { exact: true });
    await expect.poll(() => output.inputValue()).toBe("La casa es roja.");
    await page.getByRole("list", { name: "Recent translations" }).getByText("La casa es roja.").waitFor();

    await page.getByRole("button", { name: "Copy" }).click();
    expect(await toastText(page, "Copied to clipboard")).toContain("Translation copied successfully");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("La casa es roja.");

    // Swap exchanges the languages and the texts.
    await page.getByRole("button", { name: "Swap languages" }).click();
    expect(await source.inputValue()).toBe("La casa es roja.");
    expect(await output.inputValue()).toBe("The house is red.");
    await page.getByRole("group", { name: "Source" }).getByText("Spanish", { exact: true }).waitFor();

    // Load restores texts and languages.
    await source.fill("");
    await page.getByRole("button", { name: /^Load: The house is red/ }).click();
    expect(await source.inputValue()).toBe("The house is red.");
    expect(await output.inputValue()).toBe("La casa es roja.");
    await page.getByRole("group", { name: "Source" }).getByText("English", { exact: true }).waitFor();
    await page.getByRole("group", { name: "Target" }).getByText("Spanish", { exact: true }).waitFor();
    await context.close();
  });

  withApertium("shows the detected language with Auto-detect, translates with Ctrl+Enter, and toasts an unsupported pair", { timeout: 60_000 }, async () => {
    const { page, context } = await openTranslator();
    await pickLanguage(page, "Target language", "engl", "English");
    const source = page.getByLabel("Text to translate");
    await source.fill("¿Dónde está la biblioteca? La casa es roja y el perro es grande.");
    await source.press("Control+Enter");
    await page.getByText("Detected: Spanish").waitFor({ timeout: 20_000 });
    expect(await page.getByLabel("Translation", { exact: true }).inputValue()).toMatch(/library/i);

    // Japanese is marked as out of reach from English; choosing it anyway gives the spec's toast.
    await pickLanguage(page, "Source language", "engl", "English");
    await page.getByRole("group", { name: "Target" }).getByRole("button", { name: /Target language/ }).click();
    await page.getByRole("combobox", { name: "Search target language" }).fill("japan");
    const japanese = page.getByRole("option", { name: /^Japanese/ });
    await expect.poll(() => japanese.getAttribute("data-unavailable")).toBe("true");
    await page.getByRole("combobox", { name: "Search target language" }).press("Enter");
    await page.getByRole("button", { name: "Translate", exact: true }).click();
    expect(await toastText(page, "Could not translate")).toContain("Unsupported language selection");
    await context.close();
  });

  it("shows the server's explanation when it has no translation engine, instead of a toast, and turns Translate off", { timeout: 60_000 }, async () => {
    // The running server has an engine, so its 503 is replayed here exactly as the Worker answers it.
    const message = new TranslationNotConfiguredError().message;
    const notConfigured = { status: 503, contentType: "application/json", body: JSON.stringify({ error: { code: TRANSLATION_NOT_CONFIGURED, message } }) };
    const { page, context } = await openTranslator((page) => page.route("**/api/translate", (route) => (route.request().method() === "POST" ? route.fulfill(notConfigured) : route.fallback())));
    const translateButton = page.getByRole("button", { name: "Translate", exact: true });
    await page.getByLabel("Text to translate").fill("The house is red.");
    await translateButton.click();
    const alert = page.getByRole("alert").filter({ hasText: "The translator is not available on this server" });
    await alert.waitFor();
    expect(await alert.innerText()).toContain(message);
    expect(await translateButton.isDisabled()).toBe(true);
    expect(await page.getByText("Could not translate").count()).toBe(0);
    expect(await page.getByText("Unsupported language selection").count()).toBe(0);
    await context.close();

    // The screen's first request says so too: the panel is there before anything is typed.
    const reopened = await openTranslator((page) => page.route("**/api/translate/targets?*", (route) => route.fulfill(notConfigured)));
    await reopened.page.getByRole("alert").filter({ hasText: message.slice(0, 60) }).waitFor();
    await reopened.context.close();
  });
});
