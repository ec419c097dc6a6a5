// Each user's translation history (docs/product.md#translator): every translation is saved, the screen shows the
// newest HISTORY_LIMIT. Used by POST/GET /api/translate and the translator page's action and loader.
import { desc, eq } from "drizzle-orm";
import { HISTORY_LIMIT, type TranslationRecord } from "@core/schemas/translate";
import type { Database } from "../../db/client";
import { translations } from "../../db/schema";
import type { Translation } from "./index";

/** Saves one translation of `text` for the user (the detected language as the source when it was "auto"). */
export function saveTranslation(db: Database, userId: string, text: string, result: Translation) {
  return db
    .insert(translations)
    .values({
      id: crypto.randomUUID(),
      userId,
      sourceLang: result.detectedSource ?? result.source,
      targetLang: result.target,
      detectedLang: result.detectedSource ?? null,
      inputText: text,
      outputText: result.output,
      engine: result.engine,
    })
    .run();
}

/** The user's newest translations, newest first. */
export async function recentTranslations(db: Database, userId: string): Promise<TranslationRecord[]> {
  const rows = await db
    .select()
    .from(translations)
    .where(eq(translations.userId, userId))
    .orderBy(desc(translations.createdAt), desc(translations.id))
    .limit(HISTORY_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    source: row.sourceLang,
    target: row.targetLang,
    detectedSource: row.detectedLang,
    input: row.inputText,
    output: row.outputText,
    engine: row.engine,
    createdAt: row.createdAt.getTime(),
  }));
}
