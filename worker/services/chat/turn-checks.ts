// The D1 checks of a streamed turn, run by the hub alongside the model call (docs/decisions/0023-the-server-owns-the-turn.md):
// in one batch, whether the session is still live, whether the conversation is the user's, and the model's context.
import { and, eq, sql } from "drizzle-orm";
import type { ChatMessageInput } from "@core/schemas/chat";
import type { Database } from "../../db/client";
import { conversations, users } from "../../db/schema";
import { liveSession } from "../auth/sessions";
import { branchContext, branchPathQuery } from "./branches";
import type { HubTurn, TurnRefusal } from "./turns";

export type TurnChecks = { context: ChatMessageInput[] } | TurnRefusal;

/**
 * One round trip: the session row, the conversation's owner (an existing conversation only) and the last
 * CHAT_CONTEXT_MESSAGES messages with text of the branch the turn continues (docs/decisions/0026-chat-branches.md),
 * oldest first, without this turn's own (a retry's earlier attempt). A parent that is not in the user's
 * conversation is "not_found". The context comes from D1 only: the history a client sends is never read.
 */
export async function checkTurn(db: Database, turn: HubTurn): Promise<TurnChecks> {
  const session = db
    .select({ live: sql<number>`${liveSession(turn.userId, turn.familyId)}` })
    .from(users)
    .where(eq(users.id, turn.userId));
  if (turn.newConversation) {
    const [row] = await session;
    if (!row?.live) return "session_ended";
    // A new chat has no message to follow.
    return turn.parentId || turn.regenerate ? "not_found" : { context: [] };
  }
  const [[row], owned, branch] = await db.batch([
    session,
    db
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.id, turn.conversationId), eq(conversations.userId, turn.userId))),
    branchPathQuery(db, turn),
  ]);
  if (!row?.live) return "session_ended";
  if (!owned.length) return "not_found";
  const context = branchContext(branch, turn);
  return context ? { context } : "not_found";
}
