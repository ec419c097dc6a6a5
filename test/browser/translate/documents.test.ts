// Documents and detection on the translator screen, in a real browser against the real server and Apertium APY:
// a subtitle file goes up, a progress bar shows while it works, and the download has the same cues translated.
import type { Page } from "@playwright/test";
import { APERTIUM_MISSING, apertiumAvailable, visit } from "../support/app";
import { expect, test } from "../support/fixtures";

test.use({ signedInAs: `documents-${Date.now().toString(36)}@example.com` });

const SRT = Array.from(
  { length: 40 },
  (_, i) => `${i + 1}\n00:00:${String(i).padStart(2, "0")},000 --> 00:00:${String(i).padStart(2, "0")},800\nThe dog is big.\n`,
).join("\n");

async function pick(page: Page, label: string, search: string, option: string) {
  const section = page.getByRole("region", { name: "Translate a document" });
  await section.getByRole("button", { name: new RegExp(label) }).click();
  await page.getByRole("combobox", { name: `Search ${label.toLowerCase()}` }).fill(search);
  await page
    .getByRole("option", { name: new RegExp(`^${option}`) })
    .first()
    .click();
}

test("translates a subtitle file from the screen: progress, then a download with timings and numbering intact", async ({ page }) => {
  test.skip(!apertiumAvailable, APERTIUM_MISSING);
  await visit(page, "/translate");
  const section = page.getByRole("region", { name: "Translate a document" });
  await expect(section).toContainText("Nothing of the document is stored");
  await pick(page, "Document language", "engl", "English");
  await pick(page, "Translate into", "span", "Spanish");
  await section.getByLabel("File").setInputFiles({ name: "talk.srt", mimeType: "application/x-subrip", buffer: Buffer.from(SRT) });
  // Remembers whether the progress bar ever showed, however quickly the engine answers.
  await page.evaluate(() => {
    const seen = { progress: false };
    (window as unknown as { documentSeen: typeof seen }).documentSeen = seen;
    new MutationObserver(() => {
      if (document.getElementById("document-progress")) seen.progress = true;
    }).observe(document.body, { childList: true, subtree: true });
  });
  const downloading = page.waitForEvent("download");
  await section.getByRole("button", { name: "Translate document" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("talk.es.srt");
  const text = await new Response((await download.createReadStream()) as unknown as ReadableStream).text();
  expect(text).toBe(SRT.replaceAll("The dog is big.", "El perro es grande."));
  expect(await page.evaluate(() => (window as unknown as { documentSeen: { progress: boolean } }).documentSeen.progress)).toBe(true);
  await expect(section.getByRole("link", { name: "Download talk.es.srt" })).toBeVisible();
});

test("says what is wrong with a file it cannot translate", async ({ page }) => {
  await visit(page, "/translate");
  const section = page.getByRole("region", { name: "Translate a document" });
  await section.getByLabel("File").setInputFiles({ name: "scan.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.7") });
  await section.getByRole("button", { name: "Translate document" }).click();
  await expect(section.getByRole("alert")).toContainText("Choose a .txt, .md, .srt, .vtt or .html file.");
});

test("shows detection's confidence, warns under 20 characters, and translates from the next likeliest language in one click", async ({ page }) => {
  test.skip(!apertiumAvailable, APERTIUM_MISSING);
  await visit(page, "/translate");
  const source = page.getByLabel("Text to translate");
  await source.fill("La casa es roja.");
  await page.getByRole("button", { name: "Translate", exact: true }).click();
  await expect(page.getByTestId("detected-language")).toHaveText(/^Detected: \S.* \(\d+% sure\)$/, { timeout: 20_000 });
  await expect(page.getByText("Detection is unreliable under 20 characters.")).toBeVisible();
  const instead = page.getByRole("button", { name: /^Translate from .+ instead$/ });
  const language = ((await instead.textContent()) ?? "").replace(/^Translate from (.+) instead$/, "$1");
  await instead.click();
  await expect(page.getByRole("group", { name: "Source" }).getByText(language, { exact: true })).toBeVisible();
  await expect(page.getByTestId("detected-language")).toHaveCount(0);

  await source.fill("¿Dónde está la biblioteca? La casa es roja y el perro es grande.");
  await page
    .getByRole("group", { name: "Source" })
    .getByRole("button", { name: /Source language/ })
    .click();
  await page.getByRole("combobox", { name: "Search source language" }).fill("auto");
  await page
    .getByRole("option", { name: /^Auto-detect/ })
    .first()
    .click();
  await page.getByRole("button", { name: "Translate", exact: true }).click();
  await expect(page.getByTestId("detected-language")).toHaveText(/^Detected: Spanish \(\d+% sure\)$/, { timeout: 20_000 });
  await expect(page.getByText("Detection is unreliable under 20 characters.")).toHaveCount(0);
});
