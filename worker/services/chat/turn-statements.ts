// The statements a chat turn is written with (turns.ts runs them): ids derived from the turn, and writes that check
// the conversation's owner (and, for a streamed turn, the live session) inside the statement itself.
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { MessageStatus } from "@core/schemas/chat";
import type { Database } from "../../db/client";
import { conversations, messages, users } from "../../db/schema";
import { titleFromMessage } from "./conversations";

export type TurnTarget = { userId: string; conversationId: string | null; turnId: string; message: string; now?: number };

/**
 * The id of the conversation a turn starts: derived from the user and the turnId, so that however often (and however
 * concurrently) a new chat's first turn is sent, every save names the same conversation and the primary key
 * keeps it one (docs/decisions/0023-the-server-owns-the-turn.md).
 */
export function conversationIdForTurn(userId: string, turnId: string): Promise<string> {
  return stableId("conversation", userId, turnId);
}

/** The id of a turn's message: one per conversation, turn and role, whichever path saves it first. */
export function messageIdForTurn(conversationId: string, turnId: string, role: "user" | "assistant"): Promise<string> {
  return stableId("message", conversationId, turnId, role);
}

/** A UUID-shaped id from a SHA-256 of its parts (the kind keeps conversation and message ids apart). */
async function stableId(kind: string, ...parts: string[]): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode([kind, ...parts].join("\u0000"))));
  const hex = Array.from(digest.subarray(0, 16), (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** A value selected under a column's name: the rows of the INSERT … SELECT statements below. */
const param = <T>(value: T, column: string) => sql<T>`${value}`.as(column);

/**
 * The conversation of a turn: a new one (titled from the message) or the existing one, its updated_at bumped.
 * Only the user's own, and only while `condition` holds (the session is live, for a streamed turn). A new
 * conversation's id comes from its first turn (conversationIdForTurn): a second save of that turn finds the row
 * already there and only bumps it, when it is the user's.
 */
export function conversationWrite(db: Database, target: TurnTarget, id: string, now: Date, condition?: SQL) {
  if (target.conversationId === null) {
    return db
      .insert(conversations)
      .select(
        db
          .select({
            id: param(id, "id"),
            userId: param(target.userId, "user_id"),
            title: param(titleFromMessage(target.message), "title"),
            titleIsCustom: param(0, "title_is_custom"),
            archived: param(0, "archived"),
            pinned: param(0, "pinned"),
            createdAt: param(now.getTime(), "created_at"),
            updatedAt: param(now.getTime(), "updated_at"),
            activeMessageId: param(null, "active_message_id"),
          })
          .from(users)
          .where(and(eq(users.id, target.userId), condition)),
      )
      .onConflictDoUpdate({ target: conversations.id, set: { updatedAt: now }, setWhere: eq(conversations.userId, target.userId) })
      .returning();
  }
  return db
    .update(conversations)
    .set({ updatedAt: now })
    .where(and(eq(conversations.id, id), eq(conversations.userId, target.userId), condition))
    .returning();
}

export type NewMessage = {
  id: string;
  conversationId: string;
  userId: string;
  role: "user" | "assistant";
  content: string;
  status: MessageStatus;
  turnId: string;
  createdAt: Date;
  /** The message this one follows (docs/decisions/0026-chat-branches.md): an id, or SQL that finds it (branches.ts). */
  parentId?: SQL | string | null;
};

/**
 * INSERT … SELECT from the conversation row when it is the user's (and `condition` holds): a message can never
 * land in another user's conversation, and the check costs no separate read (it runs inside the turn's batch).
 * A conversation the same batch has just created counts: a batch's statements run in order, in one transaction.
 */
export function messageInsert(db: Database, row: NewMessage, condition?: SQL) {
  // The selected columns are named and ordered as the table's (drizzle checks both).
  return db.insert(messages).select(
    db
      .select({
        id: param(row.id, "id"),
        conversationId: param(row.conversationId, "conversation_id"),
        userId: param(row.userId, "user_id"),
        role: param(row.role, "role"),
        content: param(row.content, "content"),
        status: param(row.status, "status"),
        turnId: param(row.turnId, "turn_id"),
        sources: param(null, "sources"),
        createdAt: param(row.createdAt.getTime(), "created_at"),
        failure: param(null, "failure"),
        parentId: param(row.parentId ?? null, "parent_id"),
      })
      .from(conversations)
      .where(and(eq(conversations.id, row.conversationId), eq(conversations.userId, row.userId), condition)),
  );
}

/** Saving the same turn twice keeps the first user message (the unique index on conversation, turn and role). */
export function userMessageWrite(
  db: Database,
  target: TurnTarget & { userMessageId: string; parentId?: SQL | string | null },
  conversationId: string,
  now: Date,
  condition?: SQL,
) {
  return messageInsert(
    db,
    {
      id: target.userMessageId,
      conversationId,
      userId: target.userId,
      role: "user",
      content: target.message,
      status: "complete",
      turnId: target.turnId,
      createdAt: now,
      parentId: target.parentId,
    },
    condition,
  )
    .onConflictDoNothing({ target: [messages.conversationId, messages.turnId, messages.role] })
    .returning();
}

export const turnMatch = (userId: string, conversationId: string, turnId: string, role: "user" | "assistant") =>
  and(eq(messages.conversationId, conversationId), eq(messages.userId, userId), eq(messages.turnId, turnId), eq(messages.role, role));

export function turnRow(db: Database, userId: string, conversationId: string, turnId: string, role: "user" | "assistant") {
  return db
    .select()
    .from(messages)
    .where(turnMatch(userId, conversationId, turnId, role))
    .limit(1);
}
