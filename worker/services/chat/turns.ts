// One chat turn in D1: the user's message and the answer it gets, written so that a turnId is one turn however
// often it is sent, and only while the session that asked is live. Every write filters by the user.
import { and, eq, lt, sql, type SQL } from "drizzle-orm";
import type { ChatMessage, ConversationSummary, MessageStatus } from "@core/schemas/chat";
import type { Database } from "../../db/client";
import { conversations, messages, users } from "../../db/schema";
import { liveSession } from "../auth/sessions";
import { titleFromMessage, toChatMessage, toSummary } from "./conversations";

export type TurnTarget = { userId: string; conversationId: string | null; turnId: string; message: string; now?: number };

/**
 * The id of the conversation a turn starts: derived from the user and the turnId, so that however often (and however
 * concurrently) a new chat's first turn is sent, every save names the same conversation and the primary key
 * keeps it one (docs/decisions/0023-the-server-owns-the-turn.md).
 */
export async function conversationIdForTurn(userId: string, turnId: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`conversation\u0000${userId}\u0000${turnId}`)));
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
function conversationWrite(db: Database, target: TurnTarget, id: string, now: Date, condition?: SQL) {
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
            createdAt: param(now.getTime(), "created_at"),
            updatedAt: param(now.getTime(), "updated_at"),
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

type NewMessage = {
  id: string;
  conversationId: string;
  userId: string;
  role: "user" | "assistant";
  content: string;
  status: MessageStatus;
  turnId: string;
  createdAt: Date;
};

/**
 * INSERT … SELECT from the conversation row when it is the user's (and `condition` holds): a message can never
 * land in another user's conversation, and the check costs no separate read (it runs inside the turn's batch).
 * A conversation the same batch has just created counts: a batch's statements run in order, in one transaction.
 */
function messageInsert(db: Database, row: NewMessage, condition?: SQL) {
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
        createdAt: param(row.createdAt.getTime(), "created_at"),
      })
      .from(conversations)
      .where(and(eq(conversations.id, row.conversationId), eq(conversations.userId, row.userId), condition)),
  );
}

/** Saving the same turn twice keeps the first user message (the unique index on conversation, turn and role). */
function userMessageWrite(db: Database, target: TurnTarget, conversationId: string, now: Date, condition?: SQL) {
  return messageInsert(
    db,
    {
      id: crypto.randomUUID(),
      conversationId,
      userId: target.userId,
      role: "user",
      content: target.message,
      status: "complete",
      turnId: target.turnId,
      createdAt: now,
    },
    condition,
  )
    .onConflictDoNothing({ target: [messages.conversationId, messages.turnId, messages.role] })
    .returning();
}

function turnRow(db: Database, userId: string, conversationId: string, turnId: string, role: "user" | "assistant") {
  return db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.userId, userId), eq(messages.turnId, turnId), eq(messages.role, role)))
    .limit(1);
}

export type StartedTurn = {
  conversation: ConversationSummary;
  conversationCreated: boolean;
  userMessage: ChatMessage;
  userMessageCreated: boolean;
  assistantMessage: ChatMessage;
};

/** Why a streamed turn was not started: nothing was written. */
export type TurnRefusal = "session_ended" | "not_found";

/**
 * Before a streamed answer, in one D1 batch of three statements (one round trip, one transaction): creates or
 * bumps the conversation, saves the user's message, and adds an empty assistant message with status "streaming".
 * Streaming a turn again (a retry with the same turnId) resets its assistant message.
 * The batch is also the request's authorization (the Worker only verified the access token's signature): every
 * write requires the session to be live and the conversation to be the user's. Otherwise nothing is written,
 * and the answer says which: "session_ended" (a 401) or "not_found" (a 404).
 */
export async function startTurn(db: Database, target: TurnTarget & { familyId: string }): Promise<StartedTurn | TurnRefusal> {
  const now = new Date(target.now ?? Date.now());
  const conversationId = target.conversationId ?? (await conversationIdForTurn(target.userId, target.turnId));
  const live = liveSession(target.userId, target.familyId);
  const [conversation, insertedUser, assistant] = await db.batch([
    conversationWrite(db, target, conversationId, now, live),
    userMessageWrite(db, target, conversationId, now, live),
    messageInsert(
      db,
      {
        id: crypto.randomUUID(),
        conversationId,
        userId: target.userId,
        role: "assistant",
        content: "",
        status: "streaming",
        turnId: target.turnId,
        createdAt: now,
      },
      live,
    )
      .onConflictDoUpdate({ target: [messages.conversationId, messages.turnId, messages.role], set: { content: "", status: "streaming" } })
      .returning(),
  ]);
  // The rare paths read more after the batch: a refusal's reason, or the user message of a retried turn.
  if (!conversation[0]) {
    const [session] = await db
      .select({ live: sql<number>`${live}` })
      .from(users)
      .where(eq(users.id, target.userId));
    return session?.live ? "not_found" : "session_ended";
  }
  const [user] = insertedUser.length > 0 ? insertedUser : await turnRow(db, target.userId, conversationId, target.turnId, "user");
  if (!assistant[0] || !user) throw new Error("the turn could not be saved");
  return {
    conversation: toSummary(conversation[0]),
    // The batch that creates the conversation is the one that saves its first message (see conversationWrite).
    conversationCreated: target.conversationId === null && insertedUser.length > 0,
    userMessage: toChatMessage(user),
    userMessageCreated: insertedUser.length > 0,
    assistantMessage: toChatMessage(assistant[0]),
  };
}

export type SavedTurn = Omit<StartedTurn, "assistantMessage"> & {
  /** The turn's stored answer (null when none was given and none exists). */
  assistantMessage: ChatMessage | null;
  /** Whether this save wrote the answer (false when an answer was already stored). */
  assistantChanged: boolean;
};

/**
 * POST /api/ai: saves a finished turn idempotently. The user message is written once per turnId; the answer
 * is written when the turn has none yet, or fills in an answer the server left empty while streaming. A
 * stored answer is never overwritten, so a repeated save changes nothing. Like startTurn, the batch is the
 * ownership check: "not_found", with nothing written, when the conversation named is not the user's.
 */
export async function saveTurn(db: Database, target: TurnTarget & { assistantText: string | null }): Promise<SavedTurn | "not_found"> {
  const now = new Date(target.now ?? Date.now());
  const conversationId = target.conversationId ?? (await conversationIdForTurn(target.userId, target.turnId));
  const assistantWrite =
    target.assistantText === null
      ? null
      : messageInsert(db, {
          id: crypto.randomUUID(),
          conversationId,
          userId: target.userId,
          role: "assistant",
          content: target.assistantText,
          status: "complete",
          turnId: target.turnId,
          createdAt: now,
        })
          .onConflictDoUpdate({
            target: [messages.conversationId, messages.turnId, messages.role],
            set: { content: target.assistantText, status: "complete" },
            setWhere: sql`${messages.status} = 'streaming' and ${messages.content} = ''`,
          })
          .returning();
  const [conversation, insertedUser, user, assistant, changedAssistant] = await db.batch([
    conversationWrite(db, target, conversationId, now),
    userMessageWrite(db, target, conversationId, now),
    turnRow(db, target.userId, conversationId, target.turnId, "user"),
    turnRow(db, target.userId, conversationId, target.turnId, "assistant"),
    ...(assistantWrite ? [assistantWrite] : []),
  ]);
  if (!conversation[0]) return "not_found";
  if (!user[0]) throw new Error("the turn could not be saved");
  // The batch reads the answer before writing it; a written answer is the one RETURNING gave.
  const written = changedAssistant?.[0];
  const stored = written ?? assistant[0];
  return {
    conversation: toSummary(conversation[0]),
    conversationCreated: target.conversationId === null && insertedUser.length > 0,
    userMessage: toChatMessage(user[0]),
    userMessageCreated: insertedUser.length > 0,
    assistantMessage: stored ? toChatMessage(stored) : null,
    assistantChanged: Boolean(written),
  };
}

/**
 * The end of a streamed answer: its text and final status. An answer left with no text (an error or a
 * stop before the first word) is removed instead. Only a message still streaming is changed.
 * Returns the saved message, or null when it was removed or had already been finished.
 */
export async function finishAnswer(
  db: Database,
  messageId: string,
  content: string,
  status: Exclude<MessageStatus, "streaming">,
): Promise<ChatMessage | null> {
  const streaming = and(eq(messages.id, messageId), eq(messages.status, "streaming"));
  if (!content && status !== "complete") {
    await db.delete(messages).where(streaming);
    return null;
  }
  const [row] = await db.update(messages).set({ content, status }).where(streaming).returning();
  return row ? toChatMessage(row) : null;
}

/**
 * Answers left "streaming" by a generation that no longer runs (its hub was evicted, e.g. by a deploy):
 * their text was never saved, so the empty rows go and any others are marked failed. Limited to rows
 * created before `before`, so that a generation starting now is never touched.
 */
export async function failAbandonedAnswers(db: Database, { before, userId }: { before: number; userId?: string }) {
  const abandoned = and(eq(messages.status, "streaming"), lt(messages.createdAt, new Date(before)), userId ? eq(messages.userId, userId) : undefined);
  await db.batch([
    db.delete(messages).where(and(abandoned, eq(messages.content, ""))),
    db.update(messages).set({ status: "failed" }).where(abandoned),
  ]);
}
