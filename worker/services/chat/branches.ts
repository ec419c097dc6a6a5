// Chat branches in D1 (docs/decisions/0026-chat-branches.md): every message names its parent, and each conversation
// remembers the message its active branch goes through (conversations.active_message_id). The active branch is the
// path from the first message down to that message, continued through the newest child at each step, the rule the
// screen follows too (core/chat/branches.ts). The model's context is the end of that path, never a client's history.
// Every statement filters by the user.
import { and, eq, exists, sql, type SQL } from "drizzle-orm";
import { CHAT_CONTEXT_MESSAGES, type ChatMessageInput, type ConversationSummary } from "@core/schemas/chat";
import { stripReasoning } from "@core/reasoning";
import type { Database } from "../../db/client";
import { conversations, messages } from "../../db/schema";
import { NotFound } from "../errors";
import { toSummary } from "./conversations";
import { turnMatch } from "./turn-statements";

/** Deeper than any conversation: bounds the recursive walks below. */
const MAX_DEPTH = 10_000;

/** What a turn says about its place in the tree (HubTurn's branch fields). */
export type TurnBranch = {
  userId: string;
  conversationId: string;
  turnId: string;
  /** The message the new user message follows; null: a new first message; undefined: the active branch's end. */
  parentId?: string | null;
  /** A regeneration: the user message answered again (no new user message is written). */
  regenerate?: string;
};

/**
 * SQL for the last message of the conversation's active branch (its active message, or with none the newest first
 * message, then the newest children), or NULL for an empty conversation.
 */
export function activeBranchEnd(conversationId: string): SQL {
  const newestFirst = sql`(SELECT r.id FROM messages r WHERE r.conversation_id = ${conversationId} AND r.parent_id IS NULL
    ORDER BY r.created_at DESC, r.rowid DESC LIMIT 1)`;
  return sql`(WITH RECURSIVE down(id, depth) AS (
      SELECT coalesce(active_message_id, ${newestFirst}), 0 FROM conversations WHERE id = ${conversationId}
      UNION ALL
      SELECT (SELECT c.id FROM messages c WHERE c.parent_id = down.id ORDER BY c.created_at DESC, c.rowid DESC LIMIT 1), depth + 1
      FROM down WHERE down.id IS NOT NULL AND depth < ${MAX_DEPTH})
    SELECT id FROM down WHERE id IS NOT NULL ORDER BY depth DESC LIMIT 1)`;
}

/** The parent a new user message is written under: the one named, or the end of the active branch. */
export const newMessageParent = (turn: TurnBranch): SQL | string | null =>
  turn.parentId === undefined ? activeBranchEnd(turn.conversationId) : turn.parentId;

type PathRow = { id: string; role: ChatMessageInput["role"]; content: string; turnId: string | null };

/**
 * The branch that ends at the turn's parent, newest first: the parent itself (depth 0, whatever its text) and the
 * messages above it with text, one more than the context needs. One statement, for the turn's checks batch (a
 * select from the recursive walk: drizzle's D1 batch cannot bind a raw statement's parameters).
 */
export function branchPathQuery(db: Database, turn: TurnBranch) {
  const start = newMessageParent(turn);
  const path = sql`(WITH RECURSIVE up(id, depth) AS (
      SELECT id, 0 FROM messages WHERE id = ${start} AND conversation_id = ${turn.conversationId} AND user_id = ${turn.userId}
      UNION ALL
      SELECT m.parent_id, up.depth + 1 FROM up JOIN messages m ON m.id = up.id WHERE m.parent_id IS NOT NULL AND up.depth < ${MAX_DEPTH})
    SELECT m.id, m.role, m.content, m.turn_id, up.depth FROM up JOIN messages m ON m.id = up.id
    WHERE m.conversation_id = ${turn.conversationId} AND m.user_id = ${turn.userId} AND (up.depth = 0 OR m.content <> '')
    ORDER BY up.depth LIMIT ${CHAT_CONTEXT_MESSAGES + 1}) AS path`;
  return db
    .select({
      id: sql<string>`path.id`,
      role: sql<PathRow["role"]>`path.role`,
      content: sql<string>`path.content`,
      turnId: sql<string | null>`path.turn_id`,
    })
    .from(path)
    .orderBy(sql`path.depth`);
}

/**
 * The model's context from branchPathQuery's rows, oldest first: the last CHAT_CONTEXT_MESSAGES messages with text,
 * without this turn's own (a retry's earlier attempt). Null when the turn named a parent that is not in the user's
 * conversation.
 */
export function branchContext(rows: readonly PathRow[], turn: TurnBranch): ChatMessageInput[] | null {
  if (typeof turn.parentId === "string" && rows[0]?.id !== turn.parentId) return null;
  return rows
    .filter((row) => row.content !== "" && row.turnId !== turn.turnId)
    .slice(0, CHAT_CONTEXT_MESSAGES)
    .reverse()
    .map(({ role, content }) => ({ role, content: role === "assistant" ? stripReasoning(content) : content }));
}

/** The context of the conversation's active branch (for POST /api/ai's answers, which stream nothing). */
export async function activeBranchContext(db: Database, userId: string, conversationId: string): Promise<ChatMessageInput[]> {
  return (await activeBranchCopy(db, userId, conversationId))?.context ?? [];
}

/**
 * The hub's copy of a conversation before a turn is sent (a tab said its user is typing there): the active branch's
 * context and the message it ends with. Null when the conversation is not the user's, or has no message yet.
 */
export async function activeBranchCopy(db: Database, userId: string, conversationId: string) {
  const turn = { userId, conversationId, turnId: "" };
  const rows = await branchPathQuery(db, turn);
  const end = rows[0];
  return end ? { context: branchContext(rows, turn) ?? [], endId: end.id } : null;
}

/**
 * A regeneration's user message, if it is one of the user's in that conversation: its text is asked again, under
 * the same parent. Read before the model is called (the model needs the text).
 */
export async function regenerationTarget(db: Database, userId: string, conversationId: string | null, messageId: string) {
  if (!conversationId) return null;
  const [row] = await db
    .select({ text: messages.content, parentId: messages.parentId })
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.conversationId, conversationId), eq(messages.userId, userId), eq(messages.role, "user")))
    .limit(1);
  return row ?? null;
}

/** The user message of a turn: the turn's own, or the message a regeneration answers again. */
export const turnUserMatch = (turn: TurnBranch) =>
  turn.regenerate
    ? and(eq(messages.id, turn.regenerate), eq(messages.conversationId, turn.conversationId), eq(messages.userId, turn.userId))
    : turnMatch(turn.userId, turn.conversationId, turn.turnId, "user");

/** A regeneration writes no user message: the batch reads the existing one in its place. */
export const existingUserMessage = (db: Database, turn: TurnBranch) => db.select().from(messages).where(turnUserMatch(turn)).limit(1);

/** The turn's answer becomes the active branch (while `condition` holds, and once the answer is written). */
export function activateAnswer(db: Database, turn: TurnBranch, answerId: string, condition?: SQL) {
  return db
    .update(conversations)
    .set({ activeMessageId: answerId })
    .where(
      and(
        eq(conversations.id, turn.conversationId),
        eq(conversations.userId, turn.userId),
        condition,
        exists(db.select({ id: messages.id }).from(messages).where(eq(messages.id, answerId))),
      ),
    )
    .returning();
}

/** Makes `messageId`'s branch the active one; NotFound unless both are the user's (another user's look the same). */
export async function switchBranch(db: Database, userId: string, conversationId: string, messageId: string): Promise<ConversationSummary> {
  const [row] = await db
    .update(conversations)
    .set({ activeMessageId: messageId })
    .where(
      and(
        eq(conversations.id, conversationId),
        eq(conversations.userId, userId),
        exists(
          db
            .select({ id: messages.id })
            .from(messages)
            .where(and(eq(messages.id, messageId), eq(messages.conversationId, conversationId), eq(messages.userId, userId))),
        ),
      ),
    )
    .returning();
  if (!row) throw new NotFound("Conversation not found.");
  return toSummary(row);
}
