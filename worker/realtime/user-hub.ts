import { DurableObject } from "cloudflare:workers";
import { composingIn, REALTIME_HOLD } from "@core/chat/realtime";
import type { RealtimeEvent } from "@core/schemas/chat";
import { database, type Database } from "../db/client";
import { SlidingWindow } from "../lib/rate-limit";
import { RATE_LIMITS } from "../lib/rate-limit-rules";
import { chatProvider, notConfiguredError } from "../services/ai";
import { loadSessionUser } from "../services/auth/sessions";
import { activeBranchCopy, regenerationTarget } from "../services/chat/branches";
import { failAbandonedAnswers, newHubTurn } from "../services/chat/turns";
import { Conflict, NotFound, RateLimited } from "../services/errors";
import { Generation } from "./generation";
import { refused, type GenerateOutcome, type GenerateRequest } from "./turn-answer";
import { ConfirmedSessions } from "./confirmed-sessions";
import { ContextCache } from "./context-cache";
import { TemporaryChats } from "./temporary-chats";
import { TurnLog } from "./turn-log";
import { answerClose, answerPing, sendToAll } from "./sockets";
import { tabOf, tabOfSocket, type Tab } from "./tabs";

/**
 * Streamed answers per user: the table's "hub" rule, counted by the user's hub in a sliding window
 * (SlidingWindow in lib/rate-limit.ts) so that no D1 write sits between the request and the first token.
 */
export const STREAM_RATE_LIMIT = { limit: RATE_LIMITS.chatStream.limit, windowMs: RATE_LIMITS.chatStream.windowSeconds * 1000 };

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
  /** Temporary chats, in memory only (docs/decisions/0027-temporary-chats.md). */
  readonly temporary = new TemporaryChats();
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
    if (request.headers.get("upgrade")?.toLowerCase() === "websocket") return this.acceptTab(tabOf(request));
    return new Response("Not found", { status: 404 });
  }

  /**
   * Gets the hub ready for a turn of this tab's user, in the background: D1 confirms the session, and the
   * conversation's context is copied, unless the hub holds them already (docs/decisions/0028-the-d1-round-trip-budget.md).
   * Asked when a tab connects and while its user types, so that the turn waits for no D1 round trip, even after the
   * hub hibernated and forgot. The hub reads D1 itself rather than take the Worker's earlier read on trust: its own
   * reads are ordered against revocations and turns by tickets.
   */
  private getReady(tab: Tab, conversationId: string | null) {
    const work: Promise<unknown>[] = [];
    if (!this.sessions.holds(tab.familyId)) work.push(this.checkSession(tab.userId, tab.familyId));
    if (conversationId && !this.contexts.holds(conversationId) && !this.answering(conversationId)) {
      work.push(this.copyContext(tab.userId, conversationId));
    }
    if (!work.length) return;
    this.ctx.waitUntil(
      Promise.all(work).catch((error) => console.warn("could not get ready for a turn", error instanceof Error ? error.message : error)),
    );
  }

  private answering(conversationId: string): boolean {
    return [...this.running.values()].some((generation) => generation.conversationId === conversationId);
  }

  private async copyContext(userId: string, conversationId: string) {
    const ticket = this.contexts.ticket();
    const copy = await activeBranchCopy(this.db, userId, conversationId);
    if (copy) this.contexts.prefill(conversationId, ticket, copy.context, copy.endId);
  }

  /** Whether D1 holds the session live; the hub then vouches for it, or forgets it. Throws when D1 cannot answer. */
  private async checkSession(userId: string, familyId: string): Promise<boolean> {
    const ticket = this.sessions.ticket();
    const live = (await loadSessionUser(this.db, userId, familyId)) !== null;
    if (live) this.sessions.confirm(familyId, ticket);
    else this.sessions.forget([familyId]);
    return live;
  }

  /** A new tab: accepted for hibernation, then told about any answer streaming right now. */
  private acceptTab(tab: Tab | null): Response {
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server);
    if (tab) {
      // Kept with the socket through hibernation: the tab's later messages say whose turn to get ready for.
      server.serializeAttachment(tab);
      this.getReady(tab, null);
    }
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
    // A regeneration asks a stored message again (docs/decisions/0026-chat-branches.md): the hub remembers the last
    // question it answered in the conversation; any other is read from D1 first.
    const asked = request.regenerate ? await this.regenerationTarget(request.conversationId, request.regenerate, request.userId) : null;
    if (request.regenerate && !asked) return refused(new NotFound("Conversation not found."));
    const turn = await newHubTurn({ ...request, ...asked });
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

  /** The text and place of the user message a regeneration asks again, from the hub's memory when it holds it. */
  private async regenerationTarget(conversationId: string | null, messageId: string, userId: string) {
    const remembered = conversationId === null ? undefined : this.contexts.question(conversationId, messageId);
    if (remembered) return { text: remembered.text, parentId: remembered.parentId };
    return regenerationTarget(this.db, userId, conversationId, messageId);
  }

  /**
   * RPC from POST /api/ai-stream with `temporary`: a turn of a temporary chat, kept in this hub's memory only
   * (docs/decisions/0027-temporary-chats.md). Nothing is written to D1 or to this object's storage; the session row
   * is read alongside the model call, as for a saved turn, and the hub vouches for a session it saw confirmed (0028).
   */
  async generateTemporary(request: GenerateRequest): Promise<GenerateOutcome> {
    const provider = chatProvider(this.env);
    if (!provider) return refused(notConfiguredError());
    return this.temporary.run(provider, request, {
      takeStreamSlot: () => this.streamLimit.take(),
      vouched: this.sessions.holds(request.familyId),
      sessionLive: () => this.checkSession(request.userId, request.familyId),
      wipeBy: (at) => this.ctx.waitUntil(this.alarmBy(at)),
      searchUrl: this.env.SEARCH_URL,
    });
  }

  /** RPC: the screen left a temporary chat. */
  discardTemporary(conversationId: string): boolean {
    return this.temporary.discard(conversationId);
  }

  /**
   * The hub's one alarm, shared by whatever needs waking later: each duty checks its own time. Today: temporary
   * chats left for TEMPORARY_CHAT_TTL_MS are wiped.
   */
  override async alarm() {
    const next = this.temporary.wipeExpired(Date.now());
    if (next !== null) await this.alarmBy(next);
  }

  /** Makes the alarm ring by `at`: an alarm already set earlier stays (it reschedules itself when it rings). */
  private async alarmBy(at: number) {
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > at) await this.ctx.storage.setAlarm(at);
  }

  /** RPC: stops a running generation; its partial answer is kept, marked stopped. */
  stop(turnId: string): boolean {
    if (this.temporary.stop(turnId)) return true;
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
    this.temporary.endSessions(familyIds);
    for (const generation of this.running.values()) {
      if (familyIds === null || familyIds.includes(generation.familyId)) generation.stop();
    }
  }

  /** RPC: changes made by the API routes. A deleted conversation's running answer is stopped. */
  notify(events: RealtimeEvent[]): number {
    let delivered = 0;
    for (const event of events) {
      if (event.type === "message") this.contexts.forget(event.message.conversationId);
      // A branch switch (docs/decisions/0026-chat-branches.md): the next turn continues another line of messages.
      if (event.type === "conversation" && event.conversation.activeMessageId !== undefined) this.contexts.forget(event.conversation.id);
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
    if (typeof message !== "string") return;
    const composingInConversation = composingIn(message);
    if (composingInConversation !== undefined) {
      const tab = tabOfSocket(socket);
      if (tab) this.getReady(tab, composingInConversation);
      return;
    }
    // A tab holding a temporary chat: this event is what keeps the hub, and the chat, in memory (0027).
    if (message === REALTIME_HOLD) socket.send("pong");
    else answerPing(socket, message);
  }

  override webSocketClose(socket: WebSocket, code: number) {
    answerClose(socket, code);
    this.wipeTemporaryWithoutTabs(socket);
  }

  override webSocketError(socket: WebSocket) {
    this.wipeTemporaryWithoutTabs(socket);
  }

  /** Nothing of a temporary chat outlives the user's last open tab (docs/decisions/0027-temporary-chats.md). */
  private wipeTemporaryWithoutTabs(closing: WebSocket) {
    const open = this.ctx.getWebSockets().some((socket) => socket !== closing && socket.readyState === WebSocket.OPEN);
    if (!open) this.temporary.wipeAll();
  }
}
