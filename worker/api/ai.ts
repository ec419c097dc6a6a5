// The AI chat's model routes (docs/product.md#ai-chat): POST /api/ai-stream (one request is one turn, run in the
// user's hub: docs/decisions/0023-the-server-owns-the-turn.md), POST /api/ai-stream/stop, POST /api/ai (kept for
// API clients: save a turn, answer without streaming, or the thinking pre-pass; the screen no longer calls it)
// and GET /api/ai/config.
import { Hono, type Context } from "hono";
import {
  BLANK_MESSAGE,
  chatStopSchema,
  chatStreamSchema,
  chatTurnSchema,
  MAX_MESSAGE_CHARS,
  MESSAGE_TOO_LONG,
  type ChatStreamInput,
} from "@core/schemas/chat";
import { ApiError, DomainError, toApiError } from "../lib/errors";
import { bodyLimit } from "../lib/body-limit";
import { requireUser, signedInOnly } from "../lib/permissions";
import { identifiedOnly, readSignedIdentity, requireSignedIdentity } from "../lib/session";
import { validJson } from "../lib/validate";
import { userHub } from "../realtime/events";
import type { GenerateOutcome } from "../realtime/turn-answer";
import { chatConfig, notConfiguredError } from "../services/ai";
import type { AppEnv } from "../types";
import { answerWithoutStreaming, runThinkingPrepass, saveFinishedTurn } from "./ai-turns";

/** The older request shape may carry long earlier answers (docs/product.md#ai-chat); only its last message is read. */
const CHAT_BODY_MAX_BYTES = 1024 * 1024;

/** The user's new message: `text`, or the last entry of the older `messages` shape (the chat's rules apply to it). */
function newMessageText(input: Pick<ChatStreamInput, "text" | "messages">): string {
  const fail = (field: string, message: string) => new ApiError(400, "invalid_input", message, { [field]: message });
  if (input.text !== undefined) return input.text;
  const last = input.messages?.at(-1);
  if (!last) throw fail("text", BLANK_MESSAGE);
  if (last.role !== "user") throw fail("messages", "The last message must be the user's new message.");
  if (!last.content.trim()) throw fail("messages", BLANK_MESSAGE);
  if (last.content.length > MAX_MESSAGE_CHARS) throw fail("messages", MESSAGE_TOO_LONG);
  return last.content;
}

/**
 * POST /api/ai-stream. Mounted ahead of readSession (see api/index.ts): only the access token's signature and
 * expiry are checked here (no D1); the hub checks the session row and the conversation's owner alongside the
 * model call, and sends nothing until they pass.
 */
export const aiStreamApi = new Hono<AppEnv>().post(
  "/",
  bodyLimit(CHAT_BODY_MAX_BYTES),
  readSignedIdentity,
  identifiedOnly,
  validJson(chatStreamSchema),
  async (c) => {
    const { userId, familyId } = requireSignedIdentity(c);
    const { conversationId, turnId, text, messages, parentId, regenerate, temporary, ...options } = c.req.valid("json");
    // A regeneration sends no text: the hub asks the stored message again (docs/decisions/0026-chat-branches.md).
    const newText = regenerate ? "" : newMessageText({ text, messages });
    if (chatConfig(c.env).provider === null) throw notConfiguredError();
    // The hub runs the whole turn and answers with the SSE stream or a refusal. It rate-limits streamed answers
    // itself, and refuses an ended session and another user's conversation with nothing saved.
    // A temporary chat's turn stays in the hub's memory (docs/decisions/0027-temporary-chats.md).
    const hub = userHub(c.env, userId);
    const request = { userId, familyId, conversationId: conversationId ?? null, turnId, text: newText, options };
    const outcome = temporary ? await hub.generateTemporary(request) : await hub.generate({ ...request, parentId, regenerate });
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

/** POST /api/ai: its three uses, each a named handler in ai-turns.ts. */
async function postTurn(c: Context<AppEnv>, input: typeof chatTurnSchema._zod.output) {
  if (input.mode === "thinking" && input.noPersist) return c.json(await runThinkingPrepass(c, input));
  if (input.assistantText !== undefined) return c.json(await saveFinishedTurn(c, { ...input, assistantText: input.assistantText }));
  return c.json(await answerWithoutStreaming(c, input));
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

  .post("/ai", bodyLimit(CHAT_BODY_MAX_BYTES), signedInOnly, validJson(chatTurnSchema), (c) => postTurn(c, c.req.valid("json")));
