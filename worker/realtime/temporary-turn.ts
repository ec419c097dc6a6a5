// One turn of a temporary chat (docs/decisions/0027-temporary-chats.md): the same streamed turn as generation.ts, with
// nothing written anywhere. The context is the chat's copy in the hub's memory, the session check runs alongside the
// model call, and the question and answer go back into that memory only. No byte is sent before the check passes,
// unless the hub vouches for the session (docs/decisions/0028-the-d1-round-trip-budget.md): then the answer starts at
// once and a check that fails ends it. Nothing here logs the text, or an error that may carry it.
import type { ChatMessageInput } from "@core/schemas/chat";
import type { WebSource } from "@core/schemas/chat-features";
import { ProviderError, stripReasoning, type ChatProvider } from "../services/ai";
import { DomainError, NotSignedIn, Unavailable, UpstreamFailed } from "../services/errors";
import { deltaEvent, DONE, errorEvent, refused, type GenerateOutcome } from "./turn-answer";
import { afterTheRequestLeft, callModel, type TurnOptions } from "./model-call";

export type TemporaryTurnHooks = {
  /** The chat's last messages, from the hub's memory. */
  context: ChatMessageInput[];
  /** Whether the session that asked is still live (read alongside the model call). */
  sessionLive: () => Promise<boolean>;
  /** The hub saw D1 confirm the session lately: the answer need not wait for `sessionLive`. */
  vouched: boolean;
  /** The check found the session ended: the chats it started go too. */
  sessionEnded: () => void;
  /** The turn ended with text to keep (the answer, possibly partial): the chat's memory takes both messages. */
  remember: (question: string, answer: string) => void;
  /** Called once, when the turn no longer runs. */
  done: () => void;
  searchUrl?: string;
};

type Ending = "complete" | "stopped" | "failed";
/** What D1 said of the session: live, ended, or nothing (it could not be reached). */
type SessionState = "live" | "ended" | "unchecked";
const SESSION_UNCHECKED = "Your session could not be checked. Please send your message again.";

/**
 * The numbered web sources an Internet-mode answer cites as [n], sent before its end: a saved answer's reach the
 * screen with its stored message, a temporary one's have nowhere else to go.
 */
const sourcesEvent = (sources: WebSource[]) => new TextEncoder().encode(`data: ${JSON.stringify({ sources })}\n\n`);

export class TemporaryTurn {
  private readonly controller = new AbortController();
  private writer?: WritableStreamDefaultWriter<Uint8Array>;
  private text = "";
  private sources: WebSource[] = [];
  private forgotten = false;
  /** Why the hub ended an answer it had let start (a vouched session whose check failed): not a stop by the user. */
  private endedBy?: Error;

  constructor(
    readonly turnId: string,
    private readonly question: string,
    private readonly options: TurnOptions,
    private readonly hooks: TemporaryTurnHooks,
  ) {}

  /** Ours (docs/product.md#ai-chat): ends the answer; what was written stays in the chat's memory. */
  stop() {
    this.controller.abort(new DOMException("Stopped by the user.", "AbortError"));
  }

  /** The chat was wiped or left: the answer ends and nothing is remembered. */
  forget() {
    this.forgotten = true;
    this.controller.abort(new DOMException("The temporary chat was discarded.", "AbortError"));
  }

  /** The answer ends with `reason`, and nothing of it is remembered. */
  private endWith(reason: Error) {
    this.endedBy = reason;
    this.forgotten = true;
    this.controller.abort(reason);
  }

  /** The session has ended after all: the answer ends with the refusal, and the session's chats go. */
  private refuse() {
    this.endWith(new NotSignedIn());
    this.hooks.sessionEnded();
  }

  /**
   * The SSE stream once the session check passed (or, for a vouched session, at once) and the model accepted the
   * request, or the refusal.
   */
  async start(provider: ChatProvider, conversationId: string, messageId: string): Promise<GenerateOutcome> {
    const signal = this.controller.signal;
    const model = callModel(provider, {
      text: this.question,
      context: Promise.resolve(this.hooks.context),
      options: this.options,
      signal,
      searchUrl: this.hooks.searchUrl,
      onSources: (sources) => {
        this.sources = sources;
      },
    });
    // Settled by whoever reads it; until the check passes nobody does.
    model.catch(() => {});
    const session = afterTheRequestLeft(() => this.hooks.sessionLive()).then(
      (live): SessionState => (live ? "live" : "ended"),
      // The session check's query carries no text of the chat, so its error may be logged.
      (error: unknown): SessionState => {
        console.error("a temporary turn's session check failed", error instanceof Error ? error.message : error);
        return "unchecked";
      },
    );
    let deltas: AsyncIterable<string>;
    try {
      if (this.hooks.vouched) {
        // A check that could not run is no sign-out: the answer ends, the session and its chats stay.
        session.then((state) => {
          if (state === "ended") this.refuse();
          else if (state === "unchecked") this.endWith(new Unavailable(SESSION_UNCHECKED));
        });
      } else {
        const state = await session;
        if (state !== "live") {
          this.controller.abort(new DOMException("The session check failed.", "AbortError"));
          this.hooks.done();
          if (state === "ended") this.hooks.sessionEnded();
          return refused(state === "ended" ? new NotSignedIn() : new Unavailable(SESSION_UNCHECKED));
        }
      }
      deltas = await model;
    } catch (error) {
      const stopped = signal.aborted && !this.endedBy;
      this.end(stopped ? "stopped" : "failed");
      if (this.endedBy instanceof DomainError) return refused(this.endedBy);
      if (stopped) return { ok: true, events: new Blob([DONE]).stream(), conversationId, messageId };
      if (error instanceof ProviderError) return refused(new UpstreamFailed("upstream_error", error.message));
      this.controller.abort();
      throw new Error("The temporary turn failed.");
    }
    const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
    this.writer = writable.getWriter();
    void this.pump(deltas);
    return { ok: true, events: readable, conversationId, messageId };
  }

  /** Forwards each delta as it arrives; a reader that went away ends the turn (nobody can ever see its answer). */
  private async pump(deltas: AsyncIterable<string>) {
    let ending: Ending = "complete";
    let failure = "";
    try {
      for await (const delta of deltas) {
        this.text += delta;
        this.send(deltaEvent(delta));
      }
    } catch (error) {
      ending = this.controller.signal.aborted && !this.endedBy ? "stopped" : "failed";
      failure = this.endedBy?.message ?? (error instanceof Error && error.message ? error.message : "Something went wrong");
    }
    this.end(ending);
    if (this.sources.length && ending !== "failed") this.send(sourcesEvent(this.sources));
    this.send(ending === "failed" ? errorEvent(failure) : DONE);
    this.writer?.close().catch(() => {});
  }

  private send(bytes: Uint8Array) {
    this.writer?.write(bytes).catch(() => this.forget());
  }

  private end(ending: Ending) {
    const answer = stripReasoning(this.text);
    if (!this.forgotten && (answer || ending === "complete")) this.hooks.remember(this.question, answer);
    this.hooks.done();
  }
}
