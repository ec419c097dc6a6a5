// The translator with JavaScript off: native language pickers, and a form that posts to the page, which comes
// back with the translation and the text kept.
import { APERTIUM_MISSING, apertiumAvailable } from "../support/app";
import { expect, test } from "../support/fixtures";

test.use({ javaScriptEnabled: false, signedInAs: `translator-nojs-${Date.now()}@example.com` });

test("translates English → Spanish without JavaScript, keeping the text and showing the history", async ({ page }) => {
  test.skip(!apertiumAvailable, APERTIUM_MISSING);
  await page.goto("/translate");
  await expect(page.getByText("No translations yet.")).toBeVisible();
  await page.getByRole("combobox", { name: "Source language" }).selectOption("en");
  await page.getByRole("combobox", { name: "Target language" }).selectOption("es");
  await page.getByLabel("Text to translate").fill("The house is red.");
  await page.getByRole("button", { name: "Translate", exact: true }).click();

  await expect(page.getByLabel("Translation", { exact: true })).toHaveValue("La casa es roja.");
  await expect(page.getByLabel("Text to translate")).toHaveValue("The house is red.");
  await expect(page.getByRole("combobox", { name: "Source language" })).toHaveValue("en");
  await expect(page.getByRole("combobox", { name: "Target language" })).toHaveValue("es");
  await expect(page.getByRole("list", { name: "Recent translations" }).getByText("La casa es roja.")).toBeVisible();
});
