// The AI chat's model routes (docs/product.md#ai-chat): POST /api/ai-stream (the streamed answer, run in the user's
// hub), POST /api/ai-stream/stop, POST /api/ai (save a turn, answer without streaming, or the thinking
// pre-pass) and GET /api/ai/config.
import { Hono } from "hono";
import {
  BLANK_MESSAGE,
  CHAT_CONTEXT_MESSAGES,
  chatStopSchema,
  chatStreamSchema,
  chatTurnSchema,
  MAX_MESSAGE_CHARS,
  MESSAGE_TOO_LONG,
  type ChatMessageInput,
  type ChatTurnResult,
  type RealtimeEvent,
} from "@core/schemas/chat";
import { ApiError, conversationNotFound, DomainError, toApiError } from "../lib/errors";
import { limitRequest } from "../lib/rate-limit";
import { RATE_LIMITS } from "../lib/rate-limit-rules";
import { bodyLimit } from "../lib/body-limit";
import { requireUser, signedInOnly } from "../lib/permissions";
import { identifiedOnly, readSignedIdentity, requireSignedIdentity } from "../lib/session";
import { validJson } from "../lib/validate";
import { notifyUser, userHub } from "../realtime/events";
import type { GenerateOutcome } from "../realtime/generation";
import {
  activePersona,
  chatConfig,
  chatMessages,
  complete,
  notConfiguredError,
  requireChatProvider,
  samplingFor,
  stripReasoning,
  thinkingPrepass,
} from "../services/ai";
import { ownedConversation, recentMessages } from "../services/chat/conversations";
import { saveTurn, type SavedTurn } from "../services/chat/turns";
import type { AppEnv } from "../types";

/** Recent messages may be long model answers (docs/product.md#ai-chat: the server keeps the last 6). */
const CHAT_BODY_MAX_BYTES = 1024 * 1024;

/** The streamed request's last message is the user's new one: the chat's rules apply to it (docs/product.md#ai-chat). */
function checkNewMessage(messages: readonly ChatMessageInput[]) {
  const last = messages.at(-1);
  const fail = (message: string) => new ApiError(400, "invalid_input", message, { messages: message });
  if (last?.role !== "user") throw fail("The last message must be the user's new message.");
  if (!last.content.trim()) throw fail(BLANK_MESSAGE);
  if (last.content.length > MAX_MESSAGE_CHARS) throw fail(MESSAGE_TOO_LONG);
}

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

/**
 * POST /api/ai-stream. Mounted ahead of readSession (see api/index.ts): the hub's first D1 batch checks the
 * session and the conversation's owner as it saves the user's message, so that batch is the only D1 round trip
 * before the model is called, and the model is called only once it has succeeded.
 */
export const aiStreamApi = new Hono<AppEnv>().post(
  "/",
  bodyLimit(CHAT_BODY_MAX_BYTES),
  readSignedIdentity,
  identifiedOnly,
  validJson(chatStreamSchema),
  async (c) => {
    const { userId, familyId } = requireSignedIdentity(c);
    const input = c.req.valid("json");
    checkNewMessage(input.messages);
    if (chatConfig(c.env).provider === null) throw notConfiguredError();
    // The hub saves the turn and runs the model, and answers with the SSE stream or a refusal. It rate-limits
    // streamed answers itself, and refuses an ended session and another user's conversation with nothing saved.
    const outcome = await userHub(c.env, userId).generate({ userId, familyId, input });
    if (!outcome.ok) throw refusalError(outcome);
    return new Response(outcome.events, {
      headers: {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache",
        "x-conversation-id": outcome.conversationId,
        "x-message-id": outcome.messageId,
      },
    });
  },
);

/**
 * The hub's refusal as the API's error (its status from the one table). When the user's message was saved before
 * the model failed, the answer names its conversation, so that a new chat can still select it.
 */
function refusalError({ refusal, conversationId }: Extract<GenerateOutcome, { ok: false }>): ApiError {
  const { kind, code, message, retryAfterSeconds } = refusal;
  const error = toApiError(new DomainError(kind, code, message, { retryAfterSeconds }));
  if (!conversationId) return error;
  return new ApiError(error.status, error.code, error.message, error.fields, { ...error.headers, "x-conversation-id": conversationId });
}

export const aiApi = new Hono<AppEnv>()
  // What the screen may offer (no secrets: the provider kind, the model name, whether search is set up).
  .get("/ai/config", (c) => c.json(chatConfig(c.env)))

  .post("/ai-stream/stop", signedInOnly, validJson(chatStopSchema), async (c) => {
    const user = requireUser(c);
    const { turnId } = c.req.valid("json");
    const stopped = await userHub(c.env, user.id).stop(turnId);
    return c.json({ stopped });
  })

  .post("/ai", bodyLimit(CHAT_BODY_MAX_BYTES), signedInOnly, validJson(chatTurnSchema), async (c) => {
    const user = requireUser(c);
    const input = c.req.valid("json");
    const db = c.var.db;
    const conversationId = input.conversationId ?? null;
    const newMessage: ChatMessageInput = { role: "user", content: input.message };
    // The conversation's last messages, for the model (only ever the user's own: recentMessages filters by user).
    const earlierMessages = async () => (conversationId ? await recentMessages(db, user.id, conversationId, CHAT_CONTEXT_MESSAGES) : []);

    // The thinking pre-pass: private notes (and web results) for the streamed answer; nothing is saved.
    if (input.mode === "thinking" && input.noPersist) {
      const provider = requireChatProvider(c.env);
      // Nothing is written here to check the owner on the way: another user's conversation is a 404 first.
      if (conversationId) await ownedConversation(db, user.id, conversationId);
      await limitRequest(c, RATE_LIMITS.aiGenerate);
      const earlier = await earlierMessages();
      const result = await thinkingPrepass(provider, {
        history: [...earlier.map(({ role, content }) => ({ role, content })), newMessage],
        persona: activePersona(input),
        useInternet: Boolean(input.useInternet),
        searchUrl: c.env.SEARCH_URL,
        keepReasoning: input.skipStrip,
        longMode: input.longMode,
      });
      return c.json(result);
    }

    const turnId = input.turnId ?? crypto.randomUUID();
    const target = { userId: user.id, conversationId, turnId, message: input.message };
    // saveTurn checks the owner in the batch that writes (another user's conversation: nothing written, a 404).
    const save = async (assistantText: string | null, into = conversationId) => {
      const saved = await saveTurn(db, { ...target, conversationId: into, assistantText });
      if (saved === "not_found") throw conversationNotFound();
      await notifyUser(c.env, user.id, savedTurnEvents(saved));
      return saved;
    };

    // A finished turn from the screen: saved once, however often it is sent.
    if (input.assistantText !== undefined) {
      await limitRequest(c, RATE_LIMITS.aiSave);
      const saved = await save(input.skipStrip ? input.assistantText : stripReasoning(input.assistantText));
      return c.json(turnResult(saved));
    }

    // No answer given: the server answers without streaming. The user's message is saved first.
    const provider = requireChatProvider(c.env);
    await limitRequest(c, RATE_LIMITS.aiGenerate);
    const earlier = await earlierMessages();
    const asked = await save(null);
    const options = { persona: activePersona(input), longMode: input.longMode };
    const history = [...earlier.map(({ role, content }) => ({ role, content })), newMessage];
    const raw = await complete(provider, { messages: chatMessages(history, options), ...samplingFor(input.longMode) });
    const assistantText = stripReasoning(raw);
    const saved = await save(assistantText, asked.conversation.id);
    return c.json({ ...turnResult(saved), assistantText: saved.assistantMessage?.content ?? assistantText });
  });
