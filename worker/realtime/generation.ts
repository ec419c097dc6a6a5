// One streamed turn, run inside the user's hub (a Durable Object) so that it does not depend on the browser
// (docs/decisions/0023-the-server-owns-the-turn.md): the turn is written ahead to the hub's own storage, the model is
// called while D1 checks the session and the conversation, no byte reaches the client and nothing reaches D1 until
// those checks pass, each delta is forwarded the moment it arrives, and the answer is saved when the model finishes,
// fails or is stopped, whether or not anyone is still reading.
import type { ChatMessage, ChatMessageInput, RealtimeEvent } from "@core/schemas/chat";
import type { WebSource } from "@core/schemas/chat-features";
import type { Database } from "../db/client";
import { ProviderError, stripReasoning, type ChatProvider } from "../services/ai";
import { checkTurn, type TurnChecks } from "../services/chat/turn-checks";
import { finishAnswer, markTurnFailed, recordTurn, type HubTurn } from "../services/chat/turns";
import { type DomainError, UpstreamFailed } from "../services/errors";
import type { ConfirmedSessions } from "./confirmed-sessions";
import { sameContext, type ContextCache } from "./context-cache";
import { afterTheRequestLeft, callModel, type TurnOptions } from "./model-call";
import { checksRefusal, deltaEvent, DONE, errorEvent, refused, turnUnchecked, type GenerateOutcome } from "./turn-answer";
import type { TurnLog } from "./turn-log";

/** Other tabs get the running text at most this often, so that publishing never slows the deltas. */
export const STREAM_EVENT_INTERVAL_MS = 75;

/** A model call and what aborts it alone. */
type ModelAttempt = { abort: AbortController; deltas: Promise<AsyncIterable<string>> };

type FinalStatus = "complete" | "stopped" | "failed";
const failureOf = (error: unknown) => (error instanceof Error ? error.message : String(error)) || "Something went wrong";

export type GenerationHooks = {
  broadcast: (event: RealtimeEvent) => void;
  /** Called once, when the generation no longer runs. */
  done: () => void;
  contexts: ContextCache;
  /** The sessions D1 lately confirmed live, which let a turn answer before its own check returns. */
  sessions: ConfirmedSessions;
  searchUrl?: string;
};

export class Generation {
  readonly turnId: string;
  readonly conversationId: string;
  /** Whether other tabs were told about the answer (once D1 has the turn). */
  announced = false;
  private text = "";
  private assistant?: ChatMessage;
  /** The turn's user message (a regeneration's is an earlier one), once D1 has the turn. */
  private asked?: ChatMessage;
  /** The context D1 gave the checks (the hub's copy is updated from it when the turn ends). */
  private context: ChatMessageInput[] = [];
  /** The numbered web sources the pre-pass gave the model (Internet mode), stored with the answer. */
  private sources: WebSource[] | null = null;
  private recorded: Promise<boolean> = Promise.resolve(false);
  /** Why D1 refused a turn the hub's memory had let start (startVouched). */
  private refusal?: DomainError;
  private readonly controller = new AbortController();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private writer?: WritableStreamDefaultWriter<Uint8Array>;
  private clientOpen = true;

  constructor(
    private readonly db: Database,
    private readonly log: TurnLog,
    private readonly turn: HubTurn,
    private readonly options: TurnOptions,
    private readonly hooks: GenerationHooks,
  ) {
    this.turnId = turn.turnId;
    this.conversationId = turn.conversationId;
  }

  /** The session that asked (its refresh-token family): a revocation stops its answers. */
  get familyId() {
    return this.turn.familyId;
  }

  /** The running answer as other tabs see it (also sent to a tab that connects mid-stream). */
  snapshot(): RealtimeEvent {
    return { type: "stream", conversationId: this.conversationId, messageId: this.turn.assistantMessageId, turnId: this.turnId, text: this.text };
  }

  stop() {
    this.controller.abort(new DOMException("Stopped by the user.", "AbortError"));
  }

  /**
   * Runs the turn; answers with the SSE stream once the checks have passed and the model has accepted the
   * request, or with the refusal: 401/404 from the checks (the model call aborted, nothing written to D1), or
   * UpstreamFailed "HTTP {status}: {body}" from the model (the user's message saved and marked failed).
   */
  async start(provider: ChatProvider): Promise<GenerateOutcome> {
    const turn = this.turn;
    await this.log.write(turn);
    const ticket = this.hooks.sessions.ticket();
    const cached = this.contextInHand(turn);
    // The hub's memory vouches for the session and the conversation: no D1 round trip before the first token.
    if (cached && this.hooks.sessions.holds(turn.familyId)) return this.startVouched(provider, cached, ticket);
    // With a context in hand the model's request goes first; without one it is built from D1's answer.
    let checks: Promise<TurnChecks>;
    let attempt: ModelAttempt;
    if (cached) {
      attempt = this.modelCall(provider, Promise.resolve(cached));
      checks = afterTheRequestLeft(() => checkTurn(this.db, turn));
    } else {
      checks = checkTurn(this.db, turn);
      attempt = this.modelCall(
        provider,
        checks.then((verdict) => (typeof verdict === "string" ? [] : verdict.context)),
      );
    }
    try {
      const verdict = await checks;
      if (typeof verdict === "string") return this.refuseBeforeStart(checksRefusal(verdict));
      // The copy was out of date: the call starts again with D1's context, before anything was sent.
      if (cached && !sameContext(cached, verdict.context)) {
        attempt.abort.abort(new DOMException("Restarted with the stored context.", "AbortError"));
        attempt = this.modelCall(provider, Promise.resolve(verdict.context));
      }
      this.context = verdict.context;
      this.hooks.sessions.confirm(turn.familyId, ticket);
    } catch (error) {
      // D1 could not answer: nothing was written, and the user may send again (a 503, not an uncaught error).
      console.error("the turn's checks failed", failureOf(error));
      return this.refuseBeforeStart(turnUnchecked());
    }
    // The checks passed: D1 receives the turn while the model starts answering.
    this.recorded = this.record();
    return this.answerFrom(attempt.deltas);
  }

  /** The turn's context from the hub's memory, or undefined when only D1 can say (a new chat naming a message: 0028). */
  private contextInHand(turn: HubTurn): ChatMessageInput[] | undefined {
    if (turn.newConversation) return turn.parentId || turn.regenerate ? undefined : [];
    return turn.parentId === null ? [] : this.hooks.contexts.get(turn.conversationId, turn.parentId);
  }

  /** A refusal before any byte went out: the model call stops, the log lets go, and D1 receives nothing. */
  private async refuseBeforeStart(refusal: DomainError): Promise<GenerateOutcome> {
    this.controller.abort(new DOMException("The turn's checks failed.", "AbortError"));
    await this.log.remove(this.turnId);
    this.hooks.done();
    return refused(refusal);
  }

  /**
   * The turn of a session the hub saw D1 confirm (ConfirmedSessions) in a conversation whose context it holds (so
   * the user's own): the answer starts at once, from the hub's context. D1's checks finish alongside it, and still
   * decide what is written: when D1 disagrees (a revocation or a deletion the hub was not told of), nothing is
   * written, the hub forgets what it held, and the answer stops (docs/decisions/0028-the-d1-round-trip-budget.md).
   */
  private startVouched(provider: ChatProvider, cached: ChatMessageInput[], ticket: number) {
    this.context = cached;
    const attempt = this.modelCall(provider, Promise.resolve(cached));
    const checks = afterTheRequestLeft(() => checkTurn(this.db, this.turn));
    this.recorded = checks.then(
      async (verdict) => {
        if (typeof verdict !== "string") {
          this.hooks.sessions.confirm(this.turn.familyId, ticket);
          // A copy that differed serves this answer; the next turn starts from D1's.
          this.context = verdict.context;
          return this.record();
        }
        if (verdict === "session_ended") this.hooks.sessions.forget([this.turn.familyId]);
        this.hooks.contexts.forget(this.conversationId);
        this.refusal = checksRefusal(verdict);
        this.controller.abort(new Error(this.refusal.message));
        await this.log.remove(this.turnId);
        return false;
      },
      async (error: unknown) => {
        console.error("the turn's checks failed", failureOf(error));
        this.refusal = turnUnchecked();
        this.controller.abort(new Error(this.refusal.message));
        await this.log.remove(this.turnId);
        return false;
      },
    );
    return this.answerFrom(attempt.deltas);
  }

  /** The SSE stream once the model has accepted the request, or the refusal when it did not. */
  private async answerFrom(model: Promise<AsyncIterable<string>>): Promise<GenerateOutcome> {
    let deltas: AsyncIterable<string>;
    try {
      deltas = await model;
    } catch (error) {
      const stopped = this.controller.signal.aborted;
      await this.finish(stopped ? "stopped" : "failed", failureOf(error));
      // Refused by D1 before the model had answered: the same 401/404 as a turn that waited for the checks.
      if (this.refusal) return refused(this.refusal);
      if (stopped) return this.answer(new Blob([DONE]).stream());
      if (error instanceof ProviderError) return refused(new UpstreamFailed("upstream_error", error.message), this.conversationId);
      throw error;
    }
    const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
    this.writer = writable.getWriter();
    this.pump(deltas).catch((error) => console.error("answer generation failed", error));
    return this.answer(readable);
  }

  /** Writes the turn to D1 and tells the tabs; false (and the model stopped) when D1 refuses it after all. */
  private async record(): Promise<boolean> {
    try {
      const started = await recordTurn(this.db, this.turn);
      if (typeof started === "string") throw new Error(`the turn was refused on saving: ${started}`);
      await this.log.markInD1(this.turn);
      this.assistant = started.assistantMessage;
      this.asked = started.userMessage;
      this.hooks.broadcast({ type: "conversation", action: started.conversationCreated ? "created" : "updated", conversation: started.conversation });
      if (started.userMessageCreated) this.hooks.broadcast({ type: "message", action: "created", message: started.userMessage });
      else this.hooks.broadcast({ type: "message", action: "updated", message: started.userMessage });
      this.hooks.broadcast({ type: "message", action: "created", message: started.assistantMessage });
      this.announced = true;
      return true;
    } catch (error) {
      console.error("could not save the turn", failureOf(error));
      this.controller.abort(new Error("The turn could not be saved."));
      return false;
    }
  }

  /** One model call, aborted with the turn (a stop) or alone (a restart with D1's context). */
  private modelCall(provider: ChatProvider, context: Promise<ChatMessageInput[]>): ModelAttempt {
    const abort = new AbortController();
    const signal = AbortSignal.any([this.controller.signal, abort.signal]);
    const onSources = (sources: WebSource[]) => {
      this.sources = sources;
    };
    const deltas = callModel(provider, { text: this.turn.text, context, options: this.options, searchUrl: this.hooks.searchUrl, signal, onSources });
    // Settled by whoever reads it; until the checks pass nobody does.
    deltas.catch(() => {});
    return { abort, deltas };
  }

  private answer(events: ReadableStream<Uint8Array>): GenerateOutcome {
    return { ok: true, events, conversationId: this.conversationId, messageId: this.turn.assistantMessageId };
  }

  /** Forwards each delta as it arrives (never awaiting the client, D1 or the other tabs), then saves. */
  private async pump(deltas: AsyncIterable<string>) {
    let status: FinalStatus = "complete";
    let failure = "";
    try {
      for await (const delta of deltas) {
        this.text += delta;
        this.send(deltaEvent(delta));
        if (this.announced) this.timer ??= setTimeout(() => this.publishProgress(), STREAM_EVENT_INTERVAL_MS);
      }
    } catch (error) {
      status = this.controller.signal.aborted && this.controller.signal.reason instanceof DOMException ? "stopped" : "failed";
      failure = failureOf(error);
      if (status === "failed") console.warn("answer stream failed", failure);
    }
    await this.finish(status, failure);
    this.send(status === "failed" ? errorEvent(failure) : DONE);
    this.writer?.close().catch(() => {});
  }

  private send(bytes: Uint8Array) {
    if (!this.clientOpen || !this.writer) return;
    // Not awaited: a slow or departed reader must not hold up the generation. A departed one rejects.
    this.writer.write(bytes).catch(() => (this.clientOpen = false));
  }

  private publishProgress() {
    this.timer = undefined;
    this.hooks.broadcast(this.snapshot());
  }

  /**
   * Saves the answer without its reasoning and tells the tabs; an answer with no text is removed. A failed
   * answer marks the user's message, so that the screen offers Retry after a reload. Then the log lets go.
   */
  private async finish(status: FinalStatus, failure: string) {
    clearTimeout(this.timer);
    this.timer = undefined;
    try {
      if (!(await this.recorded)) return;
      const answer = stripReasoning(this.text);
      const saved = await finishAnswer(this.db, this.turn.assistantMessageId, answer, status, this.sources);
      const asked: ChatMessageInput = { role: "user", content: this.turn.text };
      const answered = Boolean(saved && answer);
      const context = [...this.context, asked, ...(answered ? [{ role: "assistant" as const, content: answer }] : [])];
      const endId = answered ? this.turn.assistantMessageId : this.asked?.id;
      const question = this.asked && { id: this.asked.id, text: this.turn.text, parentId: this.asked.parentId, before: this.context };
      if (endId) this.hooks.contexts.set(this.conversationId, context, endId, question);
      if (saved) this.hooks.broadcast({ type: "message", action: "updated", message: saved });
      else if (this.assistant) this.hooks.broadcast({ type: "message", action: "deleted", message: this.assistant });
      if (status === "failed") {
        const user = await markTurnFailed(this.db, this.turn, failure);
        if (user) this.hooks.broadcast({ type: "message", action: "updated", message: user });
      }
      await this.log.remove(this.turnId);
    } catch (error) {
      // The log keeps the turn: the hub's next start marks it interrupted.
      console.error("could not save the answer", failureOf(error));
    } finally {
      this.hooks.done();
    }
  }
}
