// The Studio's settings (docs/product.md#studio): the language the owner reads the inbox in (English until they
// choose another) and how long inbox entries and live chats are kept (365 days unless changed).
import { checkLanguageCode } from "@core/languages";
import { inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { studioSettings } from "../../db/schema";
import { InvalidInput } from "../errors";

export type InboxSettings = { language: string; retentionDays: number };

export const DEFAULT_INBOX_SETTINGS: InboxSettings = { language: "en", retentionDays: 365 };
const KEYS = { language: "inbox_language", retentionDays: "inbox_retention_days" } as const;

export async function readInboxSettings(db: Database): Promise<InboxSettings> {
  const rows = await db
    .select()
    .from(studioSettings)
    .where(inArray(studioSettings.key, Object.values(KEYS)));
  const byKey = new Map(rows.map((row) => [row.key, row.value]));
  const days = Number(byKey.get(KEYS.retentionDays));
  return {
    language: byKey.get(KEYS.language) ?? DEFAULT_INBOX_SETTINGS.language,
    retentionDays: Number.isInteger(days) && days > 0 ? days : DEFAULT_INBOX_SETTINGS.retentionDays,
  };
}

/** Saves both settings; the language must be one of the translator's (InvalidInput naming the field otherwise). */
export async function saveInboxSettings(db: Database, input: { language: string; retentionDays: number }): Promise<InboxSettings> {
  const checked = checkLanguageCode(input.language);
  if (!checked.ok) throw new InvalidInput("invalid_language", checked.message, { language: checked.message });
  const settings = { language: checked.code, retentionDays: input.retentionDays };
  await db.batch([upsert(db, KEYS.language, settings.language), upsert(db, KEYS.retentionDays, String(settings.retentionDays))]);
  return settings;
}

function upsert(db: Database, key: string, value: string) {
  return db.insert(studioSettings).values({ key, value }).onConflictDoUpdate({ target: studioSettings.key, set: { value } });
}
