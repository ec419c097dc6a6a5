// The controls a user has over their translation history (docs/product.md#translator): saving on or off (off:
// nothing is written), favourites (kept past the retention period), search, and clear all. Every query filters
// by the user.
import { and, desc, eq, or, sql } from "drizzle-orm";
import { HISTORY_SEARCH_LIMIT, type TranslatorHistorySettings } from "@core/schemas/translation-history";
import type { TranslationRecord } from "@core/schemas/translate";
import type { Database } from "../../db/client";
import { translationFavourites, translations, translatorSettings } from "../../db/schema";
import { NotFound } from "../errors";

type Row = { row: typeof translations.$inferSelect; starred: string | null };

/** A history row (with whether it is starred) as the screen and the API show it. */
export function toRecord({ row, starred }: Row): TranslationRecord {
  return {
    id: row.id,
    source: row.sourceLang,
    target: row.targetLang,
    detectedSource: row.detectedLang,
    input: row.inputText,
    output: row.outputText,
    engine: row.engine,
    createdAt: row.createdAt.getTime(),
    favourite: starred !== null,
  };
}

/** Whether the user's translations are saved (the default, when they never chose). */
export async function savesHistory(db: Database, userId: string): Promise<boolean> {
  const row = await db
    .select({ saveHistory: translatorSettings.saveHistory })
    .from(translatorSettings)
    .where(eq(translatorSettings.userId, userId))
    .get();
  return row?.saveHistory ?? true;
}

export async function readHistorySettings(db: Database, userId: string): Promise<TranslatorHistorySettings> {
  return { saveHistory: await savesHistory(db, userId) };
}

/** Turns saving on or off. Turning it off keeps what is already saved (clear all deletes it). */
export async function setSaveHistory(db: Database, userId: string, saveHistory: boolean): Promise<TranslatorHistorySettings> {
  await db
    .insert(translatorSettings)
    .values({ userId, saveHistory })
    .onConflictDoUpdate({ target: translatorSettings.userId, set: { saveHistory } })
    .run();
  return { saveHistory };
}

/** Stars or unstars one of the user's own entries; someone else's (or a missing one) is NotFound. */
export async function setFavourite(db: Database, userId: string, translationId: string, favourite: boolean): Promise<void> {
  const own = await db
    .select({ id: translations.id })
    .from(translations)
    .where(and(eq(translations.id, translationId), eq(translations.userId, userId)))
    .get();
  if (!own) throw new NotFound("This translation is not in your history.");
  if (favourite) await db.insert(translationFavourites).values({ translationId, userId }).onConflictDoNothing().run();
  else
    await db
      .delete(translationFavourites)
      .where(and(eq(translationFavourites.translationId, translationId), eq(translationFavourites.userId, userId)))
      .run();
}

/** The user's entries whose text or translation holds the query (ignoring case), newest first. */
export async function searchHistory(db: Database, userId: string, query: string): Promise<TranslationRecord[]> {
  const needle = query.toLowerCase();
  // instr() rather than LIKE: the query is matched as typed, with no wildcard characters to escape.
  const rows = await db
    .select({ row: translations, starred: translationFavourites.translationId })
    .from(translations)
    .leftJoin(translationFavourites, eq(translationFavourites.translationId, translations.id))
    .where(
      and(
        eq(translations.userId, userId),
        or(sql`instr(lower(${translations.inputText}), ${needle}) > 0`, sql`instr(lower(${translations.outputText}), ${needle}) > 0`),
      ),
    )
    .orderBy(desc(translations.createdAt), desc(translations.id))
    .limit(HISTORY_SEARCH_LIMIT);
  return rows.map(toRecord);
}

/** The user's starred entries, newest first. */
export async function listFavourites(db: Database, userId: string): Promise<TranslationRecord[]> {
  const rows = await db
    .select({ row: translations, starred: translationFavourites.translationId })
    .from(translations)
    .innerJoin(translationFavourites, eq(translationFavourites.translationId, translations.id))
    .where(eq(translations.userId, userId))
    .orderBy(desc(translations.createdAt), desc(translations.id));
  return rows.map(toRecord);
}

/** Deletes every entry of the user's history, favourites included; returns how many went. */
export async function clearHistory(db: Database, userId: string): Promise<number> {
  // The stars go first and on their own: D1 would count the cascade's deletions with the translations'.
  const [, deleted] = await db.batch([
    db.delete(translationFavourites).where(eq(translationFavourites.userId, userId)),
    db.delete(translations).where(eq(translations.userId, userId)),
  ]);
  return deleted.meta.changes ?? 0;
}
