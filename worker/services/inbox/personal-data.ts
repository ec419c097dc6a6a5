// The inbox and the people in it (docs/product.md#privacy): a user's threads (sent with their address) are part of
// their data export and go with their account; every thread follows the Studio's retention setting. No IP address
// or user agent is stored for any of it.
import { asc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { inboxMessages, inboxThreads } from "../../db/schema";
import { readInboxSettings } from "./settings";
import { pruneExpiredThreads } from "./threads";

const iso = (date: Date) => date.toISOString();

/**
 * The threads sent with `email`, each with every message both ways (the owner's private notes and the inbox's
 * status are the owner's working notes, not the user's data, and stay out).
 */
export async function inboxThreadsForExport(db: Database, email: string) {
  const threads = await db.select().from(inboxThreads).where(eq(inboxThreads.email, email)).orderBy(asc(inboxThreads.createdAt));
  if (!threads.length) return [];
  const messages = await db
    .select()
    .from(inboxMessages)
    .where(
      inArray(
        inboxMessages.threadId,
        threads.map((thread) => thread.id),
      ),
    )
    .orderBy(asc(inboxMessages.createdAt));
  return threads.map((thread) => ({
    id: thread.id,
    kind: thread.kind,
    name: thread.name,
    email: thread.email,
    language: thread.language,
    created: iso(thread.createdAt),
    messages: messages
      .filter((message) => message.threadId === thread.id)
      .map((message) => ({
        from: message.author === "sender" ? "you" : "Parley",
        text: message.body,
        language: message.language,
        translation: message.translation,
        translationLanguage: message.translationLanguage,
        created: iso(message.createdAt),
      })),
  }));
}

/** For the account deletion's batch: the threads sent with the address (their messages go with them). */
export function deleteInboxThreadsOf(db: Database, email: string) {
  return db.delete(inboxThreads).where(eq(inboxThreads.email, email));
}

/** The daily cron: inbox entries and live chats older than the Studio's retention setting. */
export async function pruneExpiredInbox(db: Database, now = Date.now()) {
  const { retentionDays } = await readInboxSettings(db);
  return pruneExpiredThreads(db, retentionDays, now);
}
