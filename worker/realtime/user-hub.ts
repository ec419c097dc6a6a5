import { DurableObject } from "cloudflare:workers";
import type { RealtimeEvent } from "@core/schemas/chat";
import { database, type Database } from "../db/client";
import { SlidingWindow } from "../lib/rate-limit";
import { chatProvider, notConfiguredError } from "../services/ai";
import { failAbandonedAnswers, newHubTurn } from "../services/chat/turns";
import { Conflict, RateLimited } from "../services/errors";
import { Generation, refused, STREAM_RATE_LIMIT, type GenerateOutcome, type GenerateRequest } from "./generation";
import { ConfirmedSessions } from "./confirmed-sessions";
import { ContextCache } from "./context-cache";
import { TurnLog } from "./turn-log";
import { answerClose, answerPing, sendToAll } from "./sockets";

/** The address the Worker gives the one request it sends a hub, the WebSocket upgrade (everything else is RPC). */
export const HUB_ORIGIN = "https://user-hub.internal";

/**
 * One hub per signed-in user. Every open tab of that user holds a WebSocket to it; changes to the user's
 * conversations and messages are fanned out to all of them. The hub also runs the user's answer
 * generations, so that an answer keeps streaming into D1 when the browser goes away, can be stopped from
 * another request, and shows in every tab while it streams.
 * Uses the hibernation API (and an automatic ping → pong) so idle sockets cost nothing.
 * The Worker reaches it by RPC (generate, stop, notify); `fetch` only takes a tab's WebSocket.
 */
export class UserHub extends DurableObject<Env> {
  private readonly db: Database;
  /** Running generations by turn id. */
  private readonly running = new Map<string, Generation>();
  private readonly streamLimit = new SlidingWindow(STREAM_RATE_LIMIT);
  /** The model context of the conversations this hub answered in lately. */
  private readonly contexts = new ContextCache();
  /** The user's sessions D1 lately confirmed live (docs/decisions/0028-the-d1-round-trip-budget.md). */
  private readonly sessions = new ConfirmedSessions();
  /** Nothing runs in a hub that has just started: older "streaming" rows of its user are orphans. */
  private readonly startedAt = Date.now();
  private sweptOrphans = false;
  /** The write-ahead log of streamed turns, in this object's own storage. */
  readonly log: TurnLog;
  /** Settles once the turns a previous run of this hub logged but D1 missed have been replayed. */
  readonly replayed: Promise<number>;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.db = database(env.DB);
    this.log = new TurnLog(ctx.storage);
    this.replayed = this.log.replay(this.db, this.startedAt).catch((error) => {
      console.error("turn replay failed", error instanceof Error ? error.message : error);
      return 0;
    });
    ctx.waitUntil(this.replayed);
    // Answered by the runtime without waking the object (docs/product.md#ai-chat: heartbeat every 25 s).
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
  }

  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("upgrade")?.toLowerCase() === "websocket") return this.acceptTab();
    return new Response("Not found", { status: 404 });
  }

  /** A new tab: accepted for hibernation, then told about any answer streaming right now. */
  private acceptTab(): Response {
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server);
    for (const generation of this.running.values()) {
      if (generation.announced) server.send(JSON.stringify(generation.snapshot()));
    }
    return new Response(null, { status: 101, webSocket: client });
  }

  /**
   * RPC from POST /api/ai-stream: saves the turn, then streams the model's answer, or says why not (the Worker
   * turns a refusal into its status).
   */
  async generate(request: GenerateRequest): Promise<GenerateOutcome> {
    const provider = chatProvider(this.env);
    if (!provider) return refused(notConfiguredError());
    const turn = await newHubTurn(request);
    if (this.running.has(request.turnId)) return refused(new Conflict("turn_in_progress", "This answer is already being generated."));
    const retryAfter = this.streamLimit.take();
    if (retryAfter) return refused(new RateLimited(retryAfter));
    if (!this.sweptOrphans) {
      this.sweptOrphans = true;
      this.ctx.waitUntil(
        failAbandonedAnswers(this.db, { before: this.startedAt, userId: request.userId }).catch((error) =>
          console.error("orphan sweep failed", error),
        ),
      );
    }
    const generation = new Generation(this.db, this.log, turn, request.options, {
      broadcast: (event) => this.broadcast(event),
      done: () => this.running.delete(request.turnId),
      contexts: this.contexts,
      sessions: this.sessions,
      searchUrl: this.env.SEARCH_URL,
    });
    this.running.set(request.turnId, generation);
    return generation.start(provider);
  }

  /** RPC: stops a running generation; its partial answer is kept, marked stopped. */
  stop(turnId: string): boolean {
    const generation = this.running.get(turnId);
    if (!generation) return false;
    generation.stop();
    return true;
  }

  /**
   * RPC: sessions of the user ended (all of them when `familyIds` is null: an account deleted, say). Called by every
   * revocation before it answers (services/auth/session-ends.ts): the hub vouches for them no more, and their running
   * answers stop.
   */
  sessionsEnded(familyIds: string[] | null): void {
    this.sessions.forget(familyIds);
    for (const generation of this.running.values()) {
      if (familyIds === null || familyIds.includes(generation.familyId)) generation.stop();
    }
  }

  /** RPC: changes made by the API routes. A deleted conversation's running answer is stopped. */
  notify(events: RealtimeEvent[]): number {
    let delivered = 0;
    for (const event of events) {
      if (event.type === "message") this.contexts.forget(event.message.conversationId);
      if (event.type === "conversation" && event.action === "deleted") {
        this.contexts.forget(event.conversation.id);
        for (const generation of this.running.values()) if (generation.conversationId === event.conversation.id) generation.stop();
      }
      delivered = this.broadcast(event);
    }
    return delivered;
  }

  /** Sends one event to every connected tab; returns how many received it. */
  private broadcast(event: RealtimeEvent): number {
    return sendToAll(this.ctx, event);
  }

  override webSocketMessage(socket: WebSocket, message: string | ArrayBuffer) {
    answerPing(socket, message);
  }

  override webSocketClose(socket: WebSocket, code: number) {
    answerClose(socket, code);
  }
}
