// What a streamed turn answers the Worker (docs/decisions/0023-the-server-owns-the-turn.md): the SSE stream, in
// OpenAI's chunk shape, or why there is none. Saved turns (generation.ts) and temporary ones (temporary-turn.ts)
// answer alike.
import type { TurnRefusal } from "../services/chat/turns";
import { type DomainError, type DomainErrorKind, NotFound, NotSignedIn, Unavailable } from "../services/errors";
import type { TurnOptions } from "./model-call";

/** What the Worker sends the hub: who signed the access token (user and session), the new message and the toggles. */
export type GenerateRequest = {
  userId: string;
  familyId: string;
  conversationId: string | null;
  turnId: string;
  text: string;
  options: TurnOptions;
  /** Branches (docs/decisions/0026-chat-branches.md): the message the new one follows, or the user message answered again. */
  parentId?: string | null;
  regenerate?: string;
};

/** A DomainError as plain data: across RPC an error keeps its message but not its class or fields. */
export type Refusal = { kind: DomainErrorKind; code: string; message: string; retryAfterSeconds?: number };

/**
 * What the hub answers the Worker: the answer's SSE stream, or why there is none. A refusal after the user's
 * message was saved (the model failed) names its conversation, so that a new chat can still select it.
 */
export type GenerateOutcome =
  | { ok: true; events: ReadableStream<Uint8Array>; conversationId: string; messageId: string }
  | { ok: false; refusal: Refusal; conversationId: string | null };

/** `error` as the hub's answer. */
export function refused(error: DomainError, conversationId: string | null = null): GenerateOutcome {
  const { kind, code, message, retryAfterSeconds } = error;
  return { ok: false, refusal: { kind, code, message, retryAfterSeconds }, conversationId };
}

/** D1's checks refused a saved turn: the session has ended (401), or the conversation or message is not the user's (404). */
export const checksRefusal = (verdict: TurnRefusal) => (verdict === "session_ended" ? new NotSignedIn() : new NotFound("Conversation not found."));

/** D1 could not answer a saved turn's checks: nothing was written (503, docs/decisions/0028-the-d1-round-trip-budget.md). */
export const turnUnchecked = () => new Unavailable("Your message could not be checked, so it was not saved. Please send it again.");

const encoder = new TextEncoder();
export const DONE = encoder.encode("data: [DONE]\n\n");

/** One SSE event in OpenAI's chunk shape (docs/product.md#ai-chat: choices[0].delta.content). */
export const deltaEvent = (content: string) => encoder.encode(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { content } }] })}\n\n`);
export const errorEvent = (message: string) => encoder.encode(`data: ${JSON.stringify({ error: { code: "stream_failed", message } })}\n\n`);
