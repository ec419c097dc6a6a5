// The translator in a real browser against the real server and a real Apertium APY on loopback.
import type { Page } from "@playwright/test";
import { expectToast, visit } from "./support/app";
import { expect, test } from "./support/fixtures";

const email = `translator-${Date.now()}@example.com`;

async function pickLanguage(page: Page, which: "Source language" | "Target language", search: string, option: string) {
  await page.getByRole("group", { name: which === "Source language" ? "Source" : "Target" }).getByRole("button", { name: new RegExp(which) }).click();
  await page.getByRole("combobox", { name: `Search ${which.toLowerCase()}` }).fill(search);
  await page.getByRole("option", { name: new RegExp(`^${option}`) }).first().click();
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
    await visit(page, "/translate");
    await pickLanguage(page, "Target language", "engl", "English");
    const source = page.getByLabel("Text to translate");
    await source.fill("¿Dónde está la biblioteca? La casa es roja y el perro es grande.");
    await source.press("Control+Enter");
    await expect(page.getByText("Detected: Spanish")).toBeVisible({ timeout: 20_000 });
    await expect(page.getByLabel("Translation", { exact: true })).toHaveValue(/library/i);

    // Japanese is marked as out of reach from English; choosing it anyway gives the spec's toast.
    await pickLanguage(page, "Source language", "engl", "English");
    await page.getByRole("group", { name: "Target" }).getByRole("button", { name: /Target language/ }).click();
    await page.getByRole("combobox", { name: "Search target language" }).fill("japan");
    await expect(page.getByRole("option", { name: /^Japanese/ })).toHaveAttribute("data-unavailable", "true");
    await page.getByRole("combobox", { name: "Search target language" }).press("Enter");
    await page.getByRole("button", { name: "Translate", exact: true }).click();
    await expectToast(page, "Could not translate", "Unsupported language selection");
  });
});
