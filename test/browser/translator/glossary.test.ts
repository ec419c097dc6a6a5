// Glossaries in the browser (docs/product.md#translator): add a term on the glossary page, translate, and see the
// "glossary applied" note; the page works without JavaScript too (add, remove, import, pick a pair). While the
// browser translates, neither the page's requests nor the server's log carry the text.
import path from "node:path";
import { writeFileSync } from "node:fs";
import { APERTIUM_MISSING, apertiumAvailable, serverLog, visit } from "../support/app";
import { expect, logPage, test } from "../support/fixtures";

test.describe("glossary, with JavaScript", () => {
  test.use({ signedInAs: `glossary-${Date.now()}@example.com` });

  test("a term added on the glossary page is applied to a translation, and the note says so", async ({ page }) => {
    test.skip(!apertiumAvailable, APERTIUM_MISSING);
    await visit(page, "/translate/glossary");
    await expect(page.getByRole("heading", { level: 2, name: "English → Spanish" })).toBeVisible();
    const add = page.getByRole("form", { name: "Add a term" });
    await add.getByLabel("Term").fill("lighthouse");
    await add.getByLabel("Translation").fill("faro antiguo");
    await add.getByRole("button", { name: "Add term" }).click();
    await expect(page.getByRole("row", { name: /lighthouse faro antiguo/ })).toBeVisible();

    await page.getByRole("link", { name: "Back to the translator" }).click();
    const requests = logPage(page);
    const text = "The lighthouse is red and the house is very big. Quietzebra walks.";
    await page.getByLabel("Text to translate").fill(text);
    await page.getByRole("button", { name: "Translate", exact: true }).click();
    await expect(page.getByLabel("Translation", { exact: true })).toHaveValue(/faro antiguo/, { timeout: 20_000 });
    const note = page.getByRole("note", { name: "Glossary applied" });
    await expect(note).toContainText("lighthouse → faro antiguo");

    // docs/product.md#translator: no translated text in any URL or server log line.
    for (const url of requests.requests) expect(url).not.toMatch(/lighthouse|Quietzebra|faro/i);
    expect(serverLog()).toContain("/api/translate");
    expect(serverLog()).not.toMatch(/Quietzebra|faro antiguo/);
  });
});

test.describe("glossary page without JavaScript", () => {
  test.use({ javaScriptEnabled: false, signedInAs: `glossary-nojs-${Date.now()}@example.com` });

  test("picks a pair, adds, imports and removes terms with plain form posts", async ({ page }, testInfo) => {
    await page.goto("/translate/glossary");
    const pair = page.getByRole("form", { name: "Language pair" });
    await pair.getByLabel("From", { exact: true }).selectOption("fr");
    await pair.getByLabel("To", { exact: true }).selectOption("de");
    await pair.getByRole("button", { name: "Show glossary" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "French → German" })).toBeVisible();
    await expect(page.getByText("No terms yet for this pair.")).toBeVisible();

    const add = page.getByRole("form", { name: "Add a term" });
    await add.getByLabel("Term").fill("maison");
    await add.getByLabel("Translation").fill("Haus");
    await add.getByRole("button", { name: "Add term" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Term added" })).toBeVisible();
    await expect(page.getByRole("row", { name: /maison Haus/ })).toBeVisible();

    // A duplicate is refused with its reason, and what was typed stays.
    await page.getByRole("form", { name: "Add a term" }).getByLabel("Term").fill("Maison");
    await page.getByRole("form", { name: "Add a term" }).getByLabel("Translation").fill("Heim");
    await page.getByRole("form", { name: "Add a term" }).getByRole("button", { name: "Add term" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "is already in this glossary" })).toBeVisible();
    await expect(page.getByRole("form", { name: "Add a term" }).getByLabel("Translation")).toHaveValue("Heim");

    const csv = testInfo.outputPath("terms.csv");
    writeFileSync(csv, "term,translation\nvoiture,Auto\nchat,Katze\n");
    const importForm = page.getByRole("form", { name: "Import CSV" });
    await importForm.getByLabel(/CSV file/).setInputFiles(path.resolve(csv));
    await importForm.getByRole("button", { name: "Import" }).click();
    await expect(page.getByRole("status").filter({ hasText: "2 added, 0 updated." })).toBeVisible();
    await expect(page.getByRole("row", { name: /voiture Auto/ })).toBeVisible();
    await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute("href", "/translate/glossary.csv?source=fr&target=de");

    await page.getByRole("button", { name: "Remove maison" }).click();
    await expect(page.getByRole("row", { name: /maison Haus/ })).toHaveCount(0);
    await expect(page.getByRole("row", { name: /chat Katze/ })).toBeVisible();
  });
});
