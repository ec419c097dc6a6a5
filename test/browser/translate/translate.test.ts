// The translator in a real browser against the real server and a real Apertium APY on loopback (the tests that
// translate skip when APY is not installed here; see playwright.config.ts).
import type { Page } from "@playwright/test";
import { TRANSLATION_NOT_CONFIGURED } from "@core/schemas/translate";
import { TranslationNotConfiguredError } from "../../../worker/services/translation/types";
import { APERTIUM_MISSING, apertiumAvailable, expectToast, visit } from "../support/app";
import { expect, test } from "../support/fixtures";

const email = `translator-${Date.now()}@example.com`;

async function pickLanguage(page: Page, which: "Source language" | "Target language", search: string, option: string) {
  await page
    .getByRole("group", { name: which === "Source language" ? "Source" : "Target" })
    .getByRole("button", { name: new RegExp(which) })
    .click();
  await page.getByRole("combobox", { name: `Search ${which.toLowerCase()}` }).fill(search);
  await page
    .getByRole("option", { name: new RegExp(`^${option}`) })
    .first()
    .click();
}

const languageShown = (page: Page, group: "Source" | "Target", language: string) =>
  page.getByRole("group", { name: group }).getByText(language, { exact: true });

test.describe("translator, signed out", () => {
  test("invites signed-out visitors to sign in instead of failing", async ({ page }) => {
    await visit(page, "/translate");
    await expect(page.getByRole("heading", { level: 1, name: "Translate" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign in to translate" })).toHaveAttribute("href", "/auth?next=/translate");
    await expect(page.getByRole("button", { name: "Translate" })).toBeDisabled();
  });
});

test.describe("translator", () => {
  test.use({ signedInAs: email, permissions: ["clipboard-read", "clipboard-write"] });

  test("translates English → Spanish through Apertium, copies, updates the history, swaps and loads", async ({ page }) => {
    test.skip(!apertiumAvailable, APERTIUM_MISSING);
    await visit(page, "/translate");
    const translateButton = page.getByRole("button", { name: "Translate", exact: true });
    await expect(page.getByText("No translations yet.")).toBeVisible();
    await expect(translateButton).toBeDisabled();
    // Swap is disabled on Auto-detect.
    await expect(page.getByRole("button", { name: "Swap languages" })).toBeDisabled();

    await pickLanguage(page, "Source language", "engl", "English");
    await pickLanguage(page, "Target language", "span", "Spanish");
    const source = page.getByLabel("Text to translate");
    await expect(source).toHaveAttribute("dir", "auto");
    expect((await source.boundingBox())!.height).toBeGreaterThanOrEqual(200);
    await source.fill("The house is red.");
    await expect(page.getByTestId("source-count")).toHaveText("17 / 5,000");
    await translateButton.click();
    const output = page.getByLabel("Translation", { exact: true });
    await expect(output).toHaveValue("La casa es roja.");
    await expect(page.getByRole("list", { name: "Recent translations" }).getByText("La casa es roja.")).toBeVisible();

    await page.getByRole("button", { name: "Copy" }).click();
    await expectToast(page, "Copied to clipboard", "Translation copied successfully");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("La casa es roja.");

    // Swap exchanges the languages and the texts.
    await page.getByRole("button", { name: "Swap languages" }).click();
    await expect(source).toHaveValue("La casa es roja.");
    await expect(output).toHaveValue("The house is red.");
    await expect(languageShown(page, "Source", "Spanish")).toBeVisible();

    // Load restores texts and languages.
    await source.fill("");
    await page.getByRole("button", { name: /^Load: The house is red/ }).click();
    await expect(source).toHaveValue("The house is red.");
    await expect(output).toHaveValue("La casa es roja.");
    await expect(languageShown(page, "Source", "English")).toBeVisible();
    await expect(languageShown(page, "Target", "Spanish")).toBeVisible();
  });

  test("shows the detected language with Auto-detect, translates with Ctrl+Enter, and toasts an unsupported pair", async ({ page }) => {
    test.skip(!apertiumAvailable, APERTIUM_MISSING);
    await visit(page, "/translate");
    await pickLanguage(page, "Target language", "engl", "English");
    const source = page.getByLabel("Text to translate");
    await source.fill("¿Dónde está la biblioteca? La casa es roja y el perro es grande.");
    await source.press("Control+Enter");
    await expect(page.getByText("Detected: Spanish")).toBeVisible({ timeout: 20_000 });
    await expect(page.getByLabel("Translation", { exact: true })).toHaveValue(/library/i);

    // Japanese is marked as out of reach from English; choosing it anyway gives the documented toast.
    await pickLanguage(page, "Source language", "engl", "English");
    await page
      .getByRole("group", { name: "Target" })
      .getByRole("button", { name: /Target language/ })
      .click();
    await page.getByRole("combobox", { name: "Search target language" }).fill("japan");
    await expect(page.getByRole("option", { name: /^Japanese/ })).toHaveAttribute("data-unavailable", "true");
    await page.getByRole("combobox", { name: "Search target language" }).press("Enter");
    await page.getByRole("button", { name: "Translate", exact: true }).click();
    await expectToast(page, "Could not translate", "Unsupported language selection");
  });

  test("shows the server's explanation when it has no translation engine, instead of a toast, and turns Translate off", async ({ page }) => {
    // The running server has an engine, so its 503 is replayed here exactly as the Worker answers it.
    const message = new TranslationNotConfiguredError().message;
    const notConfigured = {
      status: 503,
      contentType: "application/json",
      body: JSON.stringify({ error: { code: TRANSLATION_NOT_CONFIGURED, message } }),
    };
    await page.route("**/api/translate", (route) => (route.request().method() === "POST" ? route.fulfill(notConfigured) : route.fallback()));
    // The screen's list of targets, asked before the refusal, answers after it (as on a busy server): it must not
    // clear the refusal.
    let releaseTargets = () => {};
    const targetsHeld = new Promise<void>((resolve) => (releaseTargets = resolve));
    await page.route("**/api/translate/targets?*", async (route) => {
      await targetsHeld;
      await route.fallback();
    });
    await visit(page, "/translate");
    const translateButton = page.getByRole("button", { name: "Translate", exact: true });
    await page.getByLabel("Text to translate").fill("The house is red.");
    await translateButton.click();
    const alert = page.getByRole("alert").filter({ hasText: "The translator is not available on this server" });
    await expect(alert).toContainText(message);
    const targetsAnswered = page.waitForResponse((response) => response.url().includes("/api/translate/targets"));
    releaseTargets();
    await targetsAnswered;
    await expect(alert).toContainText(message);
    await expect(translateButton).toBeDisabled();
    await expect(page.getByText("Could not translate")).toHaveCount(0);
    await expect(page.getByText("Unsupported language selection")).toHaveCount(0);

    // The screen's first request says so too: the panel is there before anything is typed.
    await page.unrouteAll();
    await page.route("**/api/translate/targets?*", (route) => route.fulfill(notConfigured));
    await visit(page, "/translate");
    await expect(page.getByRole("alert").filter({ hasText: message.slice(0, 60) })).toBeVisible();
  });
});
