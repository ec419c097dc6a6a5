// The translator's history (docs/product.md#translator, #account-page): every translation a signed-in user makes is
// kept, and the translator screen and the account page both read the same latest TRANSLATION_HISTORY_LIMIT rows.
import { desc, eq } from "drizzle-orm";
import { TRANSLATION_HISTORY_LIMIT, type TranslationRecord } from "@core/schemas/translate";
import type { Database } from "../../db/client";
import { translationFavourites, translations } from "../../db/schema";
import { savesHistory, toRecord } from "./history-controls";
import type { Translation } from "./index";

/** What was asked (the checked pair and the text) and what the translator answered. */
export type TranslationToSave = { source: string; target: string; text: string; result: Translation };

/**
 * Stores one translation of the user's; a detected source is stored as the source. Nothing is written when the user
 * turned saving off (docs/product.md#translator).
 */
export async function saveTranslation(db: Database, userId: string, { source, target, text, result }: TranslationToSave): Promise<void> {
  if (!(await savesHistory(db, userId))) return;
  await db
    .insert(translations)
    .values({
      id: crypto.randomUUID(),
      userId,
      sourceLang: result.detectedSource ?? source,
      targetLang: target,
      detectedLang: result.detectedSource ?? null,
      inputText: text,
      outputText: result.output,
      engine: result.engine,
    })
    .run();
}

/** The user's latest translations, newest first (the same millisecond: the larger id first). */
export async function listRecentTranslations(db: Database, userId: string): Promise<TranslationRecord[]> {
  const rows = await db
    .select({ row: translations, starred: translationFavourites.translationId })
    .from(translations)
    .leftJoin(translationFavourites, eq(translationFavourites.translationId, translations.id))
    .where(eq(translations.userId, userId))
    .orderBy(desc(translations.createdAt), desc(translations.id))
    .limit(TRANSLATION_HISTORY_LIMIT);
  return rows.map(toRecord);
}
