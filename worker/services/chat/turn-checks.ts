// The D1 checks of a streamed turn, run by the hub alongside the model call (docs/decisions/0023-the-server-owns-the-turn.md):
// in one batch, whether the session is still live, whether the conversation is the user's, and the model's context.
import { and, desc, eq, ne, or, isNull, sql } from "drizzle-orm";
import { CHAT_CONTEXT_MESSAGES, type ChatMessageInput } from "@core/schemas/chat";
import { stripReasoning } from "@core/reasoning";
import type { Database } from "../../db/client";
import { conversations, messages, users } from "../../db/schema";
import { liveSession } from "../auth/sessions";
import type { HubTurn, TurnRefusal } from "./turns";

export type TurnChecks = { context: ChatMessageInput[] } | TurnRefusal;

/**
 * One round trip: the session row, the conversation's owner (an existing conversation only) and its last
 * CHAT_CONTEXT_MESSAGES messages with text, oldest first, without this turn's own (a retry's earlier attempt).
 * The context comes from D1 only: the history a client sends is never read.
 */
export async function checkTurn(db: Database, turn: HubTurn): Promise<TurnChecks> {
  const session = db
    .select({ live: sql<number>`${liveSession(turn.userId, turn.familyId)}` })
    .from(users)
    .where(eq(users.id, turn.userId));
  if (turn.newConversation) {
    const [row] = await session;
    return row?.live ? { context: [] } : "session_ended";
  }
  const [[row], owned, recent] = await db.batch([
    session,
    db
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.id, turn.conversationId), eq(conversations.userId, turn.userId))),
    db
      .select({ role: messages.role, content: messages.content })
      .from(messages)
      .where(
        and(
          eq(messages.conversationId, turn.conversationId),
          eq(messages.userId, turn.userId),
          sql`${messages.content} <> ''`,
          or(isNull(messages.turnId), ne(messages.turnId, turn.turnId)),
        ),
      )
      .orderBy(desc(messages.createdAt), sql`rowid desc`)
      .limit(CHAT_CONTEXT_MESSAGES),
  ]);
  if (!row?.live) return "session_ended";
  if (!owned.length) return "not_found";
  const context = recent.reverse().map(({ role, content }) => ({ role, content: role === "assistant" ? stripReasoning(content) : content }));
  return { context };
}
