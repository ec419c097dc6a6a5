// History retention (docs/product.md#account-page: user-controlled, 1–365 days), enforced by the daily cron: for
// conversations and for translations (whose favourites are kept, docs/product.md#translator).
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { conversations, profiles, translationFavourites, translations } from "../../db/schema";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes every conversation (its messages cascade) that has not been updated for longer than its owner's
 * setting. Users without a setting (null: keep until I delete) are untouched, and so are pinned conversations
 * (docs/decisions/0024-chat-search-sources-pins.md). One statement, so a large
 * backlog costs one round trip; it uses the conversations (user_id, archived, updated_at) index per user.
 */
export async function pruneExpiredConversations(db: Database, now = Date.now()) {
  const result = await db.run(sql`
    delete from ${conversations}
    where ${conversations.id} in (
      select c.id from ${conversations} c
      join ${profiles} p on p.id = c.user_id
      where p.history_retention_days is not null
        and c.pinned = 0
        and c.updated_at < ${now} - p.history_retention_days * ${DAY_MS}
    )`);
  return result.meta.changes ?? 0;
}

/**
 * Deletes every translation older than its owner's setting, except the ones the owner starred. Users without a
 * setting are untouched. One statement, using the translations (user_id, created_at) index.
 */
export async function pruneExpiredTranslations(db: Database, now = Date.now()) {
  const result = await db.run(sql`
    delete from ${translations}
    where ${translations.id} in (
      select t.id from ${translations} t
      join ${profiles} p on p.id = t.user_id
      where p.history_retention_days is not null
        and t.created_at < ${now} - p.history_retention_days * ${DAY_MS}
        and t.id not in (select translation_id from ${translationFavourites})
    )`);
  return result.meta.changes ?? 0;
}
