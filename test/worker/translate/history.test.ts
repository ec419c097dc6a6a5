// docs/product.md#translator and #account-page: the translator's history is one service. The translator screen's
// list and the account page's Translations tab read the same rows, newest first, with one limit.
import { describe, expect, it } from "vitest";
import type { TranslationHistoryItem } from "@core/schemas/account";
import { TRANSLATION_HISTORY_LIMIT, type TranslationRecord } from "@core/schemas/translate";
import { listRecentTranslations, saveTranslation } from "@worker/services/translation/history";
import { db, readList } from "../account/helpers";
import { confirmedAccount, getWithCookies } from "../support/auth";

async function translatorList(cookies: Record<string, string>) {
  const response = await getWithCookies("/api/translate", cookies);
  expect(response.status).toBe(200);
  return ((await response.json()) as { translations: TranslationRecord[] }).translations;
}

describe("the translation history service", () => {
  it("stores a detected source as the source, and the pair as checked otherwise", async () => {
    const { body } = await confirmedAccount();
    const userId = body.session.user.id;
    await saveTranslation(db, userId, {
      source: "en",
      target: "es",
      text: "Hello",
      result: { output: "Hola", source: "en", target: "es", engine: "apertium" },
    });
    await saveTranslation(db, userId, {
      source: "auto",
      target: "es",
      text: "Bonjour",
      result: { output: "Hola", source: "auto", target: "es", detectedSource: "fr", engine: "apertium" },
    });
    const records = await listRecentTranslations(db, userId);
    const detected = records.find((record) => record.input === "Bonjour");
    const chosen = records.find((record) => record.input === "Hello");
    expect(detected).toMatchObject({ source: "fr", target: "es", detectedSource: "fr", input: "Bonjour", output: "Hola", engine: "apertium" });
    expect(chosen).toMatchObject({ source: "en", target: "es", detectedSource: null, input: "Hello", output: "Hola" });
  });

  it("gives the translator screen and the account page the same rows, with the one limit", async () => {
    const { cookies, body } = await confirmedAccount();
    const other = await confirmedAccount();
    const userId = body.session.user.id;
    for (let i = 0; i < TRANSLATION_HISTORY_LIMIT + 3; i++) {
      await saveTranslation(db, userId, {
        source: "en",
        target: "es",
        text: `input ${i}`,
        result: { output: `salida ${i}`, source: "en", target: "es", engine: "apertium" },
      });
    }
    await saveTranslation(db, other.body.session.user.id, {
      source: "en",
      target: "es",
      text: "not yours",
      result: { output: "no es tuyo", source: "en", target: "es", engine: "apertium" },
    });

    const records = await translatorList(cookies);
    const items = await readList<TranslationHistoryItem>("/api/account/history/translations", cookies);
    expect(records).toHaveLength(TRANSLATION_HISTORY_LIMIT);
    expect(items.map((item) => item.id)).toEqual(records.map((record) => record.id));
    expect(items.map((item) => item.createdAt)).toEqual(records.map((record) => record.createdAt));
    expect(records.map((record) => record.input)).not.toContain("not yours");
    // Newest first (rows saved within one millisecond may come in either order, the same in both lists).
    const times = records.map((record) => record.createdAt);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});
