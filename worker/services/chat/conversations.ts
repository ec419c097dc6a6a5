// Conversations and their messages in D1 (a turn's writes are in turns.ts). Every function takes the drizzle database and, where a user is
// involved, filters by that user: another user's rows are never read or written.
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { TITLE_MAX_CHARS, type ChatMessage, type ConversationSummary } from "@core/schemas/chat";
import { oneLine, truncate } from "@core/text";
import type { Database } from "../../db/client";
import { conversations, messages } from "../../db/schema";
import { NotFound } from "../errors";

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

/** A renamed title may be longer than an automatic one, but not unbounded. */
export const CUSTOM_TITLE_MAX_CHARS = 200;
/** The picker lists at most this many conversations. */
export const CONVERSATION_LIST_LIMIT = 500;

export function toSummary(row: ConversationRow): ConversationSummary {
  return {
    id: row.id,
    title: row.title,
    archived: row.archived,
    pinned: row.pinned,
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
    activeMessageId: row.activeMessageId,
  };
}

export function toChatMessage(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    conversationId: row.conversationId,
    role: row.role,
    content: row.content,
    status: row.status,
    turnId: row.turnId,
    createdAt: row.createdAt.getTime(),
    sources: row.sources ?? null,
    failure: row.failure,
    parentId: row.parentId,
  };
}

/** A new conversation's title: its first message on one line, cut to 80 characters (docs/product.md#ai-chat). */
export function titleFromMessage(message: string): string {
  return truncate(oneLine(message), TITLE_MAX_CHARS);
}

export async function findConversation(db: Database, userId: string, id: string): Promise<ConversationRow | undefined> {
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, id), eq(conversations.userId, userId)))
    .limit(1);
  return row;
}

/** The conversation if it is the user's; another user's or an unknown id is NotFound, the same either way. */
export async function ownedConversation(db: Database, userId: string, id: string): Promise<ConversationRow> {
  const conversation = await findConversation(db, userId, id);
  if (!conversation) throw new NotFound("Conversation not found.");
  return conversation;
}

/** The user's non-archived conversations, pinned ones first, then newest update first. */
export async function listConversations(db: Database, userId: string): Promise<ConversationSummary[]> {
  const rows = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.userId, userId), eq(conversations.archived, false)))
    .orderBy(desc(conversations.pinned), desc(conversations.updatedAt), desc(conversations.id))
    .limit(CONVERSATION_LIST_LIMIT);
  return rows.map(toSummary);
}

/** A conversation's messages, oldest first (insertion order breaks ties within a millisecond). */
export async function conversationMessages(db: Database, userId: string, conversationId: string): Promise<ChatMessage[]> {
  const rows = await db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.userId, userId)))
    .orderBy(asc(messages.createdAt), sql`rowid`);
  return rows.map(toChatMessage);
}

/** Renames (an empty or unchanged title changes nothing), archives or unarchives, pins or unpins; null when not the user's. */
export async function updateConversation(
  db: Database,
  userId: string,
  id: string,
  change: { title?: string; archived?: boolean; pinned?: boolean },
): Promise<{ conversation: ConversationSummary; changed: boolean } | null> {
  const existing = await findConversation(db, userId, id);
  if (!existing) return null;
  const set: Partial<typeof conversations.$inferInsert> = {};
  const title = change.title === undefined ? "" : truncate(oneLine(change.title), CUSTOM_TITLE_MAX_CHARS);
  if (title && title !== existing.title) Object.assign(set, { title, titleIsCustom: true });
  if (change.archived !== undefined && change.archived !== existing.archived) set.archived = change.archived;
  if (change.pinned !== undefined && change.pinned !== existing.pinned) set.pinned = change.pinned;
  if (!Object.keys(set).length) return { conversation: toSummary(existing), changed: false };
  const [row] = await db
    .update(conversations)
    .set(set)
    .where(and(eq(conversations.id, id), eq(conversations.userId, userId)))
    .returning();
  return row ? { conversation: toSummary(row), changed: true } : null;
}

/** Deletes a conversation and its messages; the deleted summary, or null when not the user's. */
export async function deleteConversation(db: Database, userId: string, id: string): Promise<ConversationSummary | null> {
  const [, deleted] = await db.batch([
    db.delete(messages).where(and(eq(messages.conversationId, id), eq(messages.userId, userId))),
    db
      .delete(conversations)
      .where(and(eq(conversations.id, id), eq(conversations.userId, userId)))
      .returning(),
  ]);
  return deleted[0] ? toSummary(deleted[0]) : null;
}
