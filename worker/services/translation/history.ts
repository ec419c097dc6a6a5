// The translator's history (docs/product.md#translator, #account-page): every translation a signed-in user makes is
// kept, and the translator screen and the account page both read the same latest TRANSLATION_HISTORY_LIMIT rows.
import { desc, eq, sql } from "drizzle-orm";
import { TRANSLATION_HISTORY_LIMIT, type TranslationRecord } from "@core/schemas/translate";
import type { Database } from "../../db/client";
import { translationFavourites, translations, translatorSettings } from "../../db/schema";
import { toRecord } from "./history-controls";
import type { Translation } from "./index";

/** What was asked (the checked pair and the text) and what the translator answered. */
export type TranslationToSave = { source: string; target: string; text: string; result: Translation };

/**
 * Stores one translation of the user's; a detected source is stored as the source. Nothing is written when the user
 * turned saving off (docs/product.md#translator).
 */
export async function saveTranslation(db: Database, userId: string, { source, target, text, result }: TranslationToSave): Promise<void> {
  // One statement, so that it reaches D1 before the API's answer leaves (worker/api/translate.ts counts on it): the
  // setting is checked inside the insert.
  await db.run(sql`
    insert into ${translations} (id, user_id, source_lang, target_lang, detected_lang, input_text, output_text, engine)
    select ${crypto.randomUUID()}, ${userId}, ${result.detectedSource ?? source}, ${target}, ${result.detectedSource ?? null},
      ${text}, ${result.output}, ${result.engine}
    where not exists (
      select 1 from ${translatorSettings} where ${translatorSettings.userId} = ${userId} and ${translatorSettings.saveHistory} = 0
    )`);
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
