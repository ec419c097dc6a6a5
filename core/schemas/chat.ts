// The AI chat contract (docs/product.md#ai-chat), shared by the /ai screen and the Worker API.
// Requests are validated with these schemas on the server; the types describe the answers.
import * as z from "zod/mini";
import { formatCount } from "../format";
import { branchFields, regenerateAlone, temporaryWithoutBranches } from "./chat-branches";
import type { WebSource } from "./chat-features";

/** docs/product.md#ai-chat. */
export const CHAT_CONTEXT_MESSAGES = 6;
export const CHAT_TEMPERATURE = 0.3;
export const MAX_TOKENS = 1024;
export const MAX_TOKENS_LONG = 2048;
export const TITLE_MAX_CHARS = 80;
export const REVEAL_DELAY_MS = 1200;
export const REVEAL_DELAY_THINKING_MS = 500;
export const AUTO_SCROLL_THRESHOLD_PX = 64;
export const MAX_MESSAGE_CHARS = 8000;
/** Earlier turns may be long model answers; the server keeps only the last CHAT_CONTEXT_MESSAGES. */
export const MAX_CONTEXT_MESSAGE_CHARS = 32_000;
export const MAX_INTERNAL_NOTE_CHARS = 16_000;
export const BLANK_MESSAGE = "Please type a message.";
export const MESSAGE_TOO_LONG = `Messages can be at most ${formatCount(MAX_MESSAGE_CHARS)} characters.`;

export const PERSONAS = ["general", "legal", "medical", "tutor", "professor"] as const;
export type Persona = (typeof PERSONAS)[number];

export const CHAT_MODES = ["fast", "thinking"] as const;
export type ChatMode = (typeof CHAT_MODES)[number];

const id = z.string().check(z.minLength(1), z.maxLength(64));
const messageText = z.string({ error: BLANK_MESSAGE }).check(
  z.refine((text) => text.trim().length > 0, BLANK_MESSAGE),
  z.maxLength(MAX_MESSAGE_CHARS, MESSAGE_TOO_LONG),
);

export const chatMessageSchema = z.object({
  role: z.enum(["user", "assistant", "system"]),
  content: z.string().check(z.maxLength(MAX_CONTEXT_MESSAGE_CHARS)),
});
export type ChatMessageInput = z.infer<typeof chatMessageSchema>;

const toggles = {
  mode: z.optional(z.enum(CHAT_MODES)),
  longMode: z.optional(z.boolean()),
  useInternet: z.optional(z.boolean()),
  usePersona: z.optional(z.boolean()),
  persona: z.optional(z.enum(PERSONAS)),
};

/**
 * POST /api/ai-stream: one request is one turn (docs/decisions/0023-the-server-owns-the-turn.md). The screen sends
 * the user's new `text`; the server builds the model's context from the stored conversation, runs the thinking
 * pre-pass when Internet or Persona is on, saves the message (creating the conversation when conversationId is
 * null) and the answer, and names the conversation in the X-Conversation-Id header. Temperature, token limit and
 * model are the server's (docs/product.md#ai-chat).
 * `messages` is the older shape, still accepted: only its last entry (the new message) is read; the history a
 * client sends is never given to the model.
 */
export const chatStreamSchema = z
  .object({
    conversationId: z.optional(z.nullable(id)),
    /** Client-made id of this exchange: sending it again (a retry, or /api/ai) is the same turn. */
    turnId: id,
    text: z.optional(messageText),
    messages: z.optional(z.array(chatMessageSchema).check(z.minLength(1), z.maxLength(200))),
    ...toggles,
    /** Notes from a pre-pass the client ran itself (/api/ai with mode "thinking"); the server then runs none. */
    internalNote: z.optional(z.nullable(z.string().check(z.maxLength(MAX_INTERNAL_NOTE_CHARS)))),
    ...branchFields,
    /**
     * A temporary chat (docs/decisions/0027-temporary-chats.md): kept in the user's hub's memory only, never saved.
     * conversationId is then the id the hub issued for it (null for its first turn). It has no branches.
     */
    temporary: z.optional(z.boolean()),
  })
  .check(regenerateAlone, temporaryWithoutBranches);
export type ChatStreamInput = z.input<typeof chatStreamSchema>;

/** POST /api/ai-stream/stop: ends a running generation; the partial answer is kept, marked stopped. */
export const chatStopSchema = z.object({ turnId: id });

/** POST /api/ai-stream/temporary/discard: the screen left a temporary chat; the hub forgets it at once. */
export const temporaryChatDiscardSchema = z.object({ conversationId: id });

/**
 * POST /api/ai. Either saves a finished turn (message + assistantText, idempotent per turnId), or with
 * mode "thinking" and noPersist runs the reasoning pre-pass and answers { internalNote }.
 */
export const chatTurnSchema = z.object({
  conversationId: z.optional(z.nullable(id)),
  turnId: z.optional(id),
  message: messageText,
  assistantText: z.optional(z.string().check(z.maxLength(MAX_CONTEXT_MESSAGE_CHARS))),
  ...toggles,
  skipStrip: z.optional(z.boolean()),
  noPersist: z.optional(z.boolean()),
});
export type ChatTurnInput = z.input<typeof chatTurnSchema>;

/** PATCH /api/conversations/:id. An empty or unchanged title changes nothing. */
export const conversationUpdateSchema = z.object({
  title: z.optional(z.string().check(z.maxLength(500))),
  archived: z.optional(z.boolean()),
  /** Pinned conversations sort first and are kept by the retention cron (docs/decisions/0024-chat-search-sources-pins.md). */
  pinned: z.optional(z.boolean()),
});

export type ConversationSummary = {
  id: string;
  title: string;
  archived: boolean;
  pinned: boolean;
  createdAt: number;
  updatedAt: number;
  /** The message the active branch goes through (docs/decisions/0026-chat-branches.md); absent where not needed (search). */
  activeMessageId?: string | null;
};
export type MessageStatus = "complete" | "streaming" | "stopped" | "failed";
export type ChatMessage = {
  id: string;
  conversationId: string;
  role: "user" | "assistant" | "system";
  content: string;
  status: MessageStatus;
  turnId: string | null;
  createdAt: number;
  /** The web sources an Internet-mode answer cites as [n] (core/chat/citations.ts), null when none. */
  sources?: WebSource[] | null;
  /** On a user message whose answer failed (e.g. "HTTP 500: …"): shown with Retry until a retry succeeds. */
  failure?: string | null;
  /** The message this one follows (null for a first message); siblings share it (docs/decisions/0026-chat-branches.md). */
  parentId: string | null;
};
export type ChatTurnResult = {
  conversationId: string;
  userMessageId: string;
  assistantMessageId: string | null;
  /** Only when the request had no assistantText: the answer the server generated and saved. */
  assistantText?: string;
};
export type ThinkingResult = { internalNote: string; sources: { title: string; url: string }[] };

/** GET /api/ai/config: what the screen may offer. */
export type ChatConfig = {
  /** null when no model provider is configured: the screen explains how to configure one. */
  provider: "workers-ai" | "openai" | null;
  model: string | null;
  /** False when no search endpoint is configured; the Internet toggle is disabled and says why. */
  internetAvailable: boolean;
};

/** Events the per-user realtime hub sends to every open tab (GET /api/realtime, a WebSocket). */
export type RealtimeEvent =
  | { type: "conversation"; action: "created" | "updated" | "deleted"; conversation: ConversationSummary }
  /** "deleted": an answer that ended with no text (a failure or a stop before the first word) is removed. */
  | { type: "message"; action: "created" | "updated" | "deleted"; message: ChatMessage }
  /** A running answer: the whole text so far (reasoning included), sent while it streams and on connect. */
  | { type: "stream"; conversationId: string; messageId: string; turnId: string; text: string };
