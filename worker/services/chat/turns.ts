// One chat turn in D1: the user's message and the answer it gets, written so that a turnId is one turn however
// often it is sent, and only while the session that asked is live. Every write filters by the user.
import { and, eq, lt, sql } from "drizzle-orm";
import type { ChatMessage, ConversationSummary, MessageStatus } from "@core/schemas/chat";
import type { WebSource } from "@core/schemas/chat-features";
import type { Database } from "../../db/client";
import { messages, users } from "../../db/schema";
import { liveSession } from "../auth/sessions";
import { activateAnswer, activeBranchEnd, existingUserMessage, newMessageParent, turnUserMatch } from "./branches";
import { toChatMessage, toSummary } from "./conversations";
import {
  conversationIdForTurn,
  conversationWrite,
  messageIdForTurn,
  messageInsert,
  turnRow,
  userMessageWrite,
  type TurnTarget,
} from "./turn-statements";

export { conversationIdForTurn, messageIdForTurn } from "./turn-statements";

export type StartedTurn = {
  conversation: ConversationSummary;
  conversationCreated: boolean;
  userMessage: ChatMessage;
  userMessageCreated: boolean;
  assistantMessage: ChatMessage;
};

/** Why a streamed turn was not recorded: nothing was written. */
export type TurnRefusal = "session_ended" | "not_found";

/** A streamed turn as the hub logs it before the model is called (write-ahead) and then records it in D1. */
export type HubTurn = {
  userId: string;
  familyId: string;
  /** The conversation the turn goes in; for a new chat, conversationIdForTurn's. */
  conversationId: string;
  newConversation: boolean;
  turnId: string;
  text: string;
  assistantMessageId: string;
  createdAt: number;
  /** Branches (docs/decisions/0026-chat-branches.md): the message the new one follows (undefined: the active branch's end). */
  parentId?: string | null;
  /** A regeneration: the user message answered again (`text` is its text; no user message is written). */
  regenerate?: string;
};

/** A streamed turn's ids and time, fixed before anything is written (so that a replay writes the same rows). */
export async function newHubTurn(input: {
  userId: string;
  familyId: string;
  conversationId: string | null;
  turnId: string;
  text: string;
  parentId?: string | null;
  regenerate?: string;
  now?: number;
}): Promise<HubTurn> {
  const conversationId = input.conversationId ?? (await conversationIdForTurn(input.userId, input.turnId));
  return {
    userId: input.userId,
    familyId: input.familyId,
    conversationId,
    newConversation: input.conversationId === null,
    turnId: input.turnId,
    text: input.text,
    assistantMessageId: await messageIdForTurn(conversationId, input.turnId, "assistant"),
    createdAt: input.now ?? Date.now(),
    parentId: input.parentId,
    regenerate: input.regenerate,
  };
}

/**
 * A streamed turn in D1, in one batch of five statements (one round trip, one transaction): creates or bumps the
 * conversation, saves the user's message under its parent (once per turnId; a retry clears its failure; a
 * regeneration writes none), adds an empty assistant message with status "streaming" (a retry resets it), and makes
 * that answer the conversation's active branch (docs/decisions/0026-chat-branches.md). Every write requires the session to be live and
 * the conversation to be the user's, so a turn replayed from the hub's log is held to the same rules. Otherwise
 * nothing is written, and the answer says which: "session_ended" (a 401) or "not_found" (a 404).
 */
export async function recordTurn(db: Database, turn: HubTurn): Promise<StartedTurn | TurnRefusal> {
  const now = new Date(turn.createdAt);
  const target: TurnTarget & { userMessageId: string; parentId: ReturnType<typeof newMessageParent> } = {
    userId: turn.userId,
    conversationId: turn.newConversation ? null : turn.conversationId,
    turnId: turn.turnId,
    message: turn.text,
    userMessageId: turn.regenerate ?? (await messageIdForTurn(turn.conversationId, turn.turnId, "user")),
    parentId: newMessageParent(turn),
  };
  const live = liveSession(turn.userId, turn.familyId);
  const [conversation, , insertedUser, assistant, activated] = await db.batch([
    conversationWrite(db, target, turn.conversationId, now, live),
    db
      .update(messages)
      .set({ failure: null })
      .where(and(turnUserMatch(turn), live)),
    // A regeneration answers a stored message again (docs/decisions/0026-chat-branches.md): read in its place.
    turn.regenerate ? existingUserMessage(db, turn) : userMessageWrite(db, target, turn.conversationId, now, live),
    messageInsert(
      db,
      {
        id: turn.assistantMessageId,
        conversationId: turn.conversationId,
        userId: turn.userId,
        role: "assistant",
        content: "",
        status: "streaming",
        turnId: turn.turnId,
        createdAt: now,
        parentId: target.userMessageId,
      },
      live,
    )
      .onConflictDoUpdate({ target: [messages.conversationId, messages.turnId, messages.role], set: { content: "", status: "streaming" } })
      .returning(),
    activateAnswer(db, turn, turn.assistantMessageId, live),
  ]);
  // The rare paths read more after the batch: a refusal's reason, or the user message of a retried turn.
  if (!conversation[0]) {
    const [session] = await db
      .select({ live: sql<number>`${live}` })
      .from(users)
      .where(eq(users.id, turn.userId));
    return session?.live ? "not_found" : "session_ended";
  }
  const [user] = insertedUser.length > 0 ? insertedUser : await existingUserMessage(db, turn);
  if (!assistant[0] || !user) throw new Error("the turn could not be saved");
  const userMessageCreated = !turn.regenerate && insertedUser.length > 0;
  return {
    conversation: toSummary(activated[0] ?? conversation[0]),
    // The batch that creates the conversation is the one that saves its first message (see conversationWrite).
    conversationCreated: turn.newConversation && userMessageCreated,
    userMessage: toChatMessage(user),
    userMessageCreated,
    assistantMessage: toChatMessage(assistant[0]),
  };
}

/**
 * A turn whose answer was lost with its hub (docs/decisions/0023-the-server-owns-the-turn.md): an answer still
 * streaming and empty is removed and the user's message marked with `failure`. A finished answer is left alone.
 */
export async function abandonTurn(db: Database, turn: HubTurn, failure: string) {
  const removed = await db
    .delete(messages)
    .where(
      and(eq(messages.id, turn.assistantMessageId), eq(messages.userId, turn.userId), eq(messages.status, "streaming"), eq(messages.content, "")),
    )
    .returning({ id: messages.id });
  if (removed.length) await markTurnFailed(db, turn, failure);
}

/** Marks the user's message of a turn whose answer failed (docs/decisions/0023-the-server-owns-the-turn.md). */
export async function markTurnFailed(db: Database, turn: Pick<HubTurn, "userId" | "conversationId" | "turnId" | "regenerate">, failure: string) {
  const [row] = await db.update(messages).set({ failure }).where(turnUserMatch(turn)).returning();
  return row ? toChatMessage(row) : null;
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
 * stored answer is never overwritten, so a repeated save changes nothing. Like recordTurn, the batch is the
 * ownership check: "not_found", with nothing written, when the conversation named is not the user's.
 */
export async function saveTurn(db: Database, target: TurnTarget & { assistantText: string | null }): Promise<SavedTurn | "not_found"> {
  const now = new Date(target.now ?? Date.now());
  const conversationId = target.conversationId ?? (await conversationIdForTurn(target.userId, target.turnId));
  const userMessageId = await messageIdForTurn(conversationId, target.turnId, "user");
  const assistantWrite =
    target.assistantText === null
      ? null
      : messageInsert(db, {
          id: await messageIdForTurn(conversationId, target.turnId, "assistant"),
          conversationId,
          userId: target.userId,
          role: "assistant",
          content: target.assistantText,
          status: "complete",
          turnId: target.turnId,
          createdAt: now,
          parentId: userMessageId,
        })
          .onConflictDoUpdate({
            target: [messages.conversationId, messages.turnId, messages.role],
            set: { content: target.assistantText, status: "complete" },
            setWhere: sql`${messages.status} = 'streaming' and ${messages.content} = ''`,
          })
          .returning();
  const [conversation, insertedUser, user, assistant, changedAssistant] = await db.batch([
    conversationWrite(db, target, conversationId, now),
    // Appended at the end of the active branch, which then reaches it (docs/decisions/0026-chat-branches.md).
    userMessageWrite(db, { ...target, userMessageId, parentId: activeBranchEnd(conversationId) }, conversationId, now),
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
 * The end of a streamed answer: its text, final status and the web sources it was given (cited as [n]). An answer left with no text (an error or a
 * stop before the first word) is removed instead. Only a message still streaming is changed.
 * Returns the saved message, or null when it was removed or had already been finished.
 */
export async function finishAnswer(
  db: Database,
  messageId: string,
  content: string,
  status: Exclude<MessageStatus, "streaming">,
  sources: WebSource[] | null = null,
): Promise<ChatMessage | null> {
  const streaming = and(eq(messages.id, messageId), eq(messages.status, "streaming"));
  if (!content && status !== "complete") {
    await db.delete(messages).where(streaming);
    return null;
  }
  const [row] = await db
    .update(messages)
    .set({ content, status, sources: sources?.length ? sources : null })
    .where(streaming)
    .returning();
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
