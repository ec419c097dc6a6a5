// One streamed answer, run inside the user's hub (a Durable Object) so that it does not depend on the
// browser: the user's message is saved before the model is called, each delta is forwarded the moment it
// arrives, and the answer is saved when the model finishes, fails or is stopped, whether or not anyone
// is still reading.
import { RATE_LIMITS } from "../lib/rate-limit-rules";
import type * as z from "zod/mini";
import type { chatStreamSchema, ChatMessage, ConversationSummary, RealtimeEvent } from "@core/schemas/chat";
import type { Database } from "../db/client";
import { activePersona, chatMessages, ProviderError, samplingFor, stripReasoning, type ChatProvider } from "../services/ai";
import { finishAnswer, startTurn } from "../services/chat/turns";
import { type DomainError, type DomainErrorKind, NotFound, NotSignedIn, UpstreamFailed } from "../services/errors";

export type ChatStreamData = z.output<typeof chatStreamSchema>;
/**
 * What the Worker sends the hub: who signed the access token (user and session; startTurn checks that the
 * session is still live) and the validated request.
 */
export type GenerateRequest = { userId: string; familyId: string; input: ChatStreamData };

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

/**
 * Streamed answers per user: the table's "hub" rule, counted by the user's hub in a sliding window
 * (SlidingWindow in lib/rate-limit.ts) so that no D1 write sits between the request and the first token.
 */
export const STREAM_RATE_LIMIT = { limit: RATE_LIMITS.chatStream.limit, windowMs: RATE_LIMITS.chatStream.windowSeconds * 1000 };

/** Other tabs get the running text at most this often, so that publishing never slows the deltas. */
export const STREAM_EVENT_INTERVAL_MS = 75;

const encoder = new TextEncoder();
const DONE = encoder.encode("data: [DONE]\n\n");

/** One SSE event in OpenAI's chunk shape (docs/product.md#ai-chat: choices[0].delta.content). */
const deltaEvent = (content: string) => encoder.encode(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { content } }] })}\n\n`);
const errorEvent = (message: string) => encoder.encode(`data: ${JSON.stringify({ error: { code: "stream_failed", message } })}\n\n`);

type FinalStatus = "complete" | "stopped" | "failed";

export class Generation {
  readonly turnId: string;
  conversationId = "";
  /** Whether other tabs were told about the answer (at its first delta). */
  announced = false;
  private text = "";
  private conversation?: ConversationSummary;
  private assistant?: ChatMessage;
  private readonly controller = new AbortController();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private writer?: WritableStreamDefaultWriter<Uint8Array>;
  private clientOpen = true;

  constructor(
    private readonly db: Database,
    private readonly request: GenerateRequest,
    private readonly broadcast: (event: RealtimeEvent) => void,
    /** Called once, when the generation no longer runs. */
    private readonly done: () => void,
  ) {
    this.turnId = request.input.turnId;
  }

  /** The running answer as other tabs see it (also sent to a tab that connects mid-stream). */
  snapshot(): RealtimeEvent {
    return { type: "stream", conversationId: this.conversationId, messageId: this.assistant?.id ?? "", turnId: this.turnId, text: this.text };
  }

  stop() {
    this.controller.abort(new DOMException("Stopped by the user.", "AbortError"));
  }

  /**
   * Saves the turn, calls the model and answers with the SSE stream once the model has accepted the
   * request, or with the refusal (UpstreamFailed "HTTP {status}: {body}") when it has not.
   */
  async start(provider: ChatProvider): Promise<GenerateOutcome> {
    const { userId, familyId, input } = this.request;
    let deltas: AsyncIterable<string>;
    let assistant: ChatMessage;
    try {
      const message = input.messages.at(-1);
      if (!message) throw new Error("a chat request has at least one message (chatStreamSchema)");
      const turn = await startTurn(this.db, {
        userId,
        familyId,
        conversationId: input.conversationId ?? null,
        turnId: input.turnId,
        message: message.content,
      });
      if (turn === "session_ended" || turn === "not_found") {
        this.done();
        return refused(turn === "session_ended" ? new NotSignedIn() : new NotFound("Conversation not found."));
      }
      this.conversation = turn.conversation;
      this.conversationId = turn.conversation.id;
      assistant = turn.assistantMessage;
      this.assistant = assistant;
      this.broadcast({ type: "conversation", action: turn.conversationCreated ? "created" : "updated", conversation: turn.conversation });
      if (turn.userMessageCreated) this.broadcast({ type: "message", action: "created", message: turn.userMessage });
      const options = { persona: activePersona(input), internalNote: input.internalNote, longMode: input.longMode };
      deltas = await provider.stream({
        messages: chatMessages(input.messages, options),
        ...samplingFor(input.longMode),
        signal: this.controller.signal,
      });
    } catch (error) {
      const stopped = this.controller.signal.aborted;
      if (this.assistant) await this.save(this.assistant, stopped ? "stopped" : "failed");
      this.done();
      if (stopped) return this.answer(new Blob([DONE]).stream());
      if (error instanceof ProviderError) return refused(new UpstreamFailed("upstream_error", error.message), this.conversationId || null);
      throw error;
    }
    const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
    this.writer = writable.getWriter();
    this.pump(deltas, assistant).catch((error) => console.error("answer generation failed", error));
    return this.answer(readable);
  }

  private answer(events: ReadableStream<Uint8Array>): GenerateOutcome {
    return { ok: true, events, conversationId: this.conversationId, messageId: this.assistant?.id ?? "" };
  }

  /** Forwards each delta as it arrives (never awaiting the client, D1 or the other tabs), then saves. */
  private async pump(deltas: AsyncIterable<string>, assistant: ChatMessage) {
    let status: FinalStatus = "complete";
    let failure = "";
    try {
      for await (const delta of deltas) {
        this.text += delta;
        this.send(deltaEvent(delta));
        if (!this.announced) {
          this.announced = true;
          this.broadcast({ type: "message", action: "created", message: assistant });
        }
        this.timer ??= setTimeout(() => this.publishProgress(), STREAM_EVENT_INTERVAL_MS);
      }
    } catch (error) {
      if (this.controller.signal.aborted) {
        status = "stopped";
      } else {
        status = "failed";
        failure = error instanceof Error ? error.message : String(error);
        console.warn("answer stream failed", failure);
      }
    }
    await this.save(assistant, status);
    this.done();
    this.send(status === "failed" ? errorEvent(failure || "Something went wrong") : DONE);
    this.writer?.close().catch(() => {});
  }

  private send(bytes: Uint8Array) {
    if (!this.clientOpen || !this.writer) return;
    // Not awaited: a slow or departed reader must not hold up the generation. A departed one rejects.
    this.writer.write(bytes).catch(() => (this.clientOpen = false));
  }

  private publishProgress() {
    this.timer = undefined;
    this.broadcast(this.snapshot());
  }

  /** Saves the answer without its reasoning; tells the tabs. An answer with no text is removed. */
  private async save(assistant: ChatMessage, status: FinalStatus) {
    clearTimeout(this.timer);
    this.timer = undefined;
    let saved: ChatMessage | null = null;
    try {
      // H7 seam: the web sources the answer was given (input.sources) are stored with it.
      saved = await finishAnswer(this.db, assistant.id, stripReasoning(this.text), status, this.request.input.sources ?? null);
    } catch (error) {
      console.error("could not save the answer", error);
      return;
    }
    if (saved) this.broadcast({ type: "message", action: this.announced ? "updated" : "created", message: saved });
    // The tabs were told about an answer that is now gone: a conversation change makes them reload its messages.
    else if (this.announced && this.conversation) this.broadcast({ type: "conversation", action: "updated", conversation: this.conversation });
  }
}
