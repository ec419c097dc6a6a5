// The translator's controls in the browser (docs/product.md#translator): history (star, search, saving off, clear
// all), formality (offered only where an engine can honour it), and read aloud (shown only for a language the
// browser has a voice for; the browser's voices are stubbed, as Chromium here may have none).
import type { Page } from "@playwright/test";
import { APERTIUM_MISSING, apertiumAvailable, visit } from "../support/app";
import { expect, logPage, test } from "../support/fixtures";

async function translateText(page: Page, text: string, expected: RegExp) {
  await page.getByLabel("Text to translate").fill(text);
  await page.getByRole("button", { name: "Translate", exact: true }).click();
  await expect(page.getByLabel("Translation", { exact: true })).toHaveValue(expected, { timeout: 20_000 });
}

const recent = (page: Page) => page.getByRole("list", { name: "Recent translations" });

test.describe("history controls", () => {
  test.use({ signedInAs: `history-controls-${Date.now()}@example.com` });

  test("stars, searches, stops saving and clears all", async ({ page }) => {
    test.skip(!apertiumAvailable, APERTIUM_MISSING);
    await visit(page, "/translate");
    await translateText(page, "The house is red and the dog is very big.", /casa/);
    await expect(recent(page).getByText(/The house is red/)).toBeVisible();
    await translateText(page, "Where is the library? The library is near the house.", /biblioteca/);
    await expect(recent(page).getByText(/Where is the library/)).toBeVisible();

    // Star: the entry is listed among the starred ones.
    await recent(page)
      .getByRole("button", { name: /^Star: The house is red/ })
      .click();
    const starred = page.getByRole("list", { name: "Starred translations" });
    await expect(starred.getByText(/The house is red/)).toBeVisible();
    await expect(recent(page).getByRole("button", { name: /^Unstar: The house is red/ })).toHaveAttribute("aria-pressed", "true");

    // Search: posted, never in the address; only matches are listed.
    const requests = logPage(page);
    await page.getByLabel("Search your translations").fill("LIBRARY");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    const results = page.getByRole("list", { name: "Search results" });
    await expect(page.getByText("1 found for “LIBRARY”")).toBeVisible();
    await expect(results.getByText(/Where is the library/)).toBeVisible();
    await expect(results.getByText(/The house is red/)).toHaveCount(0);
    expect(page.url()).not.toContain("LIBRARY");
    for (const url of requests.requests) expect(url).not.toMatch(/library/i);
    await page.getByRole("button", { name: "Close search" }).click();
    await expect(results).toHaveCount(0);

    // Saving off: the next translation is not added to the history, even after a reload.
    await page.getByRole("button", { name: "Turn history saving off" }).click();
    await expect(page.getByTestId("save-history-status")).toHaveText(/Saving is off/);
    await translateText(page, "The cat is small.", /gato/);
    await page.reload();
    await expect(page.getByTestId("save-history-status")).toHaveText(/Saving is off/);
    await expect(recent(page).getByText(/Where is the library/)).toBeVisible();
    await expect(recent(page).getByText("The cat is small.")).toHaveCount(0);
    await page.getByRole("button", { name: "Turn history saving on" }).click();
    await expect(page.getByTestId("save-history-status")).toHaveText(/Saving is on/);

    // Clear all, once confirmed.
    await page.getByLabel("Yes, delete all my translations, starred ones too").check();
    await page.getByRole("button", { name: "Clear all history" }).click();
    await expect(page.getByText("No translations yet.")).toBeVisible();
    await expect(page.getByRole("list", { name: "Starred translations" })).toHaveCount(0);
  });

  test("the account page has the saving setting too", async ({ page }) => {
    await visit(page, "/account");
    const section = page.getByRole("region", { name: "Translation history" });
    await section.getByRole("button", { name: "Turn history saving off" }).click();
    await expect(section.getByText(/Saving is off/)).toBeVisible();
    await visit(page, "/translate");
    await expect(page.getByTestId("save-history-status")).toHaveText(/Saving is off/);
    await page.getByRole("button", { name: "Turn history saving on" }).click();
    await expect(page.getByTestId("save-history-status")).toHaveText(/Saving is on/);
  });
});

test.describe("formality", () => {
  test.use({ signedInAs: `formality-${Date.now()}@example.com` });

  test("is not offered when no configured engine can honour it (this server has Apertium only)", async ({ page }) => {
    await visit(page, "/translate");
    // German has formal address, but Apertium cannot choose it: no control that would do nothing.
    await page
      .getByRole("group", { name: "Target" })
      .getByRole("button", { name: /Target language/ })
      .click();
    await page.getByRole("combobox", { name: "Search target language" }).fill("germ");
    await page
      .getByRole("option", { name: /^German/ })
      .first()
      .click();
    await expect(page.getByRole("group", { name: "Target" }).getByText("German", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Formality")).toHaveCount(0);
  });
});

/** Replaces the browser's speech synthesis with one that has `voices` and records what it is asked to say. */
function stubVoices(page: Page, voices: { lang: string; name: string }[]) {
  return page.addInitScript((list) => {
    const spoken: { text: string; lang: string }[] = [];
    (window as unknown as { spoken: typeof spoken }).spoken = spoken;
    class Utterance {
      voice: unknown = null;
      lang = "";
      onend: (() => void) | null = null;
      onerror: (() => void) | null = null;
      constructor(readonly text: string) {}
    }
    Object.defineProperty(window, "SpeechSynthesisUtterance", { value: Utterance, configurable: true });
    const synthesis = {
      getVoices: () => list.map((voice) => ({ ...voice, default: false, localService: true, voiceURI: voice.name })),
      speak: (utterance: Utterance) => spoken.push({ text: utterance.text, lang: utterance.lang }),
      cancel: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    };
    Object.defineProperty(window, "speechSynthesis", { value: synthesis, configurable: true });
  }, voices);
}

test.describe("read aloud", () => {
  test.use({ signedInAs: `read-aloud-${Date.now()}@example.com` });

  test("shows the speaker only for a language the browser has a voice for, and speaks without a request", async ({ page }) => {
    await stubVoices(page, [{ lang: "en-US", name: "Test English" }]);
    await visit(page, "/translate");
    await page
      .getByRole("group", { name: "Source" })
      .getByRole("button", { name: /Source language/ })
      .click();
    await page.getByRole("combobox", { name: "Search source language" }).fill("engl");
    await page
      .getByRole("option", { name: /^English/ })
      .first()
      .click();
    await page.getByLabel("Text to translate").fill("Good morning");
    const speakSource = page.getByRole("button", { name: "Read the text aloud" });
    await expect(speakSource).toBeVisible();
    // The target is Spanish: no Spanish voice, no button.
    await expect(page.getByRole("button", { name: "Read the translation aloud" })).toHaveCount(0);

    const requests = logPage(page);
    await speakSource.click();
    expect(await page.evaluate(() => (window as unknown as { spoken: unknown[] }).spoken)).toEqual([{ text: "Good morning", lang: "en-US" }]);
    await expect(page.getByRole("button", { name: "Stop reading" })).toBeVisible();
    expect(requests.requests).toEqual([]);
  });

  test("shows no speaker at all when the browser has no voices", async ({ page }) => {
    await stubVoices(page, []);
    await visit(page, "/translate");
    await page.getByLabel("Text to translate").fill("Good morning");
    await expect(page.getByRole("button", { name: /Read the (text|translation) aloud/ })).toHaveCount(0);
  });
});
