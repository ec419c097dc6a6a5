// POST /api/ai's three uses, kept for API clients (docs/decisions/0023-the-server-owns-the-turn.md: the screen sends
// one streamed request per turn instead): saving a finished turn, answering without streaming, and the thinking
// pre-pass. Each checks the conversation's owner (another user's is a 404, with nothing written).
import type { Context } from "hono";
import type { chatTurnSchema, ChatTurnResult, RealtimeEvent, ThinkingResult } from "@core/schemas/chat";
import type * as z from "zod/mini";
import { conversationNotFound } from "../lib/errors";
import { limitRequest } from "../lib/rate-limit";
import { RATE_LIMITS } from "../lib/rate-limit-rules";
import { requireUser } from "../lib/permissions";
import { notifyUser } from "../realtime/events";
import { activePersona, chatMessages, complete, requireChatProvider, samplingFor, stripReasoning, thinkingPrepass } from "../services/ai";
import { activeBranchContext } from "../services/chat/branches";
import { ownedConversation } from "../services/chat/conversations";
import { saveTurn, type SavedTurn } from "../services/chat/turns";
import type { AppEnv } from "../types";

type TurnInput = z.output<typeof chatTurnSchema>;

/** The realtime events of a saved turn. */
function savedTurnEvents(saved: SavedTurn): RealtimeEvent[] {
  const events: RealtimeEvent[] = [
    { type: "conversation", action: saved.conversationCreated ? "created" : "updated", conversation: saved.conversation },
  ];
  if (saved.userMessageCreated) events.push({ type: "message", action: "created", message: saved.userMessage });
  if (saved.assistantChanged && saved.assistantMessage) {
    events.push({ type: "message", action: saved.userMessageCreated ? "created" : "updated", message: saved.assistantMessage });
  }
  return events;
}

const turnResult = (saved: SavedTurn): ChatTurnResult => ({
  conversationId: saved.conversation.id,
  userMessageId: saved.userMessage.id,
  assistantMessageId: saved.assistantMessage?.id ?? null,
});

/** The end of the conversation's active branch with the new message, for the model (filtered by the user). */
async function historyWith(c: Context<AppEnv>, input: TurnInput) {
  const user = requireUser(c);
  const earlier = input.conversationId ? await activeBranchContext(c.var.db, user.id, input.conversationId) : [];
  return [...earlier, { role: "user" as const, content: input.message }];
}

/** Saves the turn (the batch checks the owner) and tells the user's tabs. */
async function saveAndNotify(c: Context<AppEnv>, input: TurnInput, assistantText: string | null, conversationId = input.conversationId ?? null) {
  const user = requireUser(c);
  const turnId = input.turnId ?? crypto.randomUUID();
  const saved = await saveTurn(c.var.db, { userId: user.id, conversationId, turnId, message: input.message, assistantText });
  if (saved === "not_found") throw conversationNotFound();
  await notifyUser(c.env, user.id, savedTurnEvents(saved));
  return saved;
}

/** mode "thinking" with noPersist: private notes (and web results) for an answer; nothing is saved. */
export async function runThinkingPrepass(c: Context<AppEnv>, input: TurnInput): Promise<ThinkingResult> {
  const user = requireUser(c);
  const provider = requireChatProvider(c.env);
  // Nothing is written here to check the owner on the way: another user's conversation is a 404 first.
  if (input.conversationId) await ownedConversation(c.var.db, user.id, input.conversationId);
  await limitRequest(c, RATE_LIMITS.aiGenerate);
  return thinkingPrepass(provider, {
    history: await historyWith(c, input),
    persona: activePersona(input),
    useInternet: Boolean(input.useInternet),
    searchUrl: c.env.SEARCH_URL,
    keepReasoning: input.skipStrip,
    longMode: input.longMode,
  });
}

/** A finished turn from a client: saved once, however often (and however concurrently) it is sent. */
export async function saveFinishedTurn(c: Context<AppEnv>, input: TurnInput & { assistantText: string }): Promise<ChatTurnResult> {
  await limitRequest(c, RATE_LIMITS.aiSave);
  return turnResult(await saveAndNotify(c, input, input.skipStrip ? input.assistantText : stripReasoning(input.assistantText)));
}

/** No answer given: the server answers without streaming. The user's message is saved first. */
export async function answerWithoutStreaming(c: Context<AppEnv>, input: TurnInput): Promise<ChatTurnResult> {
  const provider = requireChatProvider(c.env);
  await limitRequest(c, RATE_LIMITS.aiGenerate);
  const history = await historyWith(c, input);
  const turnId = input.turnId ?? crypto.randomUUID();
  const asked = await saveAndNotify(c, { ...input, turnId }, null);
  const options = { persona: activePersona(input), longMode: input.longMode };
  const assistantText = stripReasoning(await complete(provider, { messages: chatMessages(history, options), ...samplingFor(input.longMode) }));
  const saved = await saveAndNotify(c, { ...input, turnId }, assistantText, asked.conversation.id);
  return { ...turnResult(saved), assistantText: saved.assistantMessage?.content ?? assistantText };
}
