// The user's temporary chats (docs/decisions/0027-temporary-chats.md), held in the hub's memory and nowhere else: not
// in D1, not in the hub's storage (its write-ahead log is for saved turns only), not in any log. Each keeps only what
// the next turn's context needs (the last CHAT_CONTEXT_MESSAGES messages). A chat is gone when the screen leaves it,
// when the user's last tab closes, and at the latest TEMPORARY_CHAT_TTL_MS after its last turn (the hub's alarm).
import { CHAT_CONTEXT_MESSAGES, type ChatMessageInput } from "@core/schemas/chat";
import type { ChatProvider } from "../services/ai";
import { Conflict, NotFound, RateLimited } from "../services/errors";
import { refused, type GenerateOutcome, type GenerateRequest } from "./turn-answer";
import { TemporaryTurn } from "./temporary-turn";

/** A temporary chat left this long without a turn is wiped (docs/product.md#ai-chat). */
export const TEMPORARY_CHAT_TTL_MS = 10 * 60 * 1000;
/** A user holds at most this many idle ones (one per open tab, in practice); a new one beyond it replaces the oldest. */
const MAX_TEMPORARY_CHATS = 10;

export const TEMPORARY_CHAT_ENDED = "This temporary chat has ended: it was left for 10 minutes, or closed. Start a new chat.";

/** `familyId`: the session that started the chat; when it ends, the chat goes with it. */
type TemporaryChat = { id: string; familyId: string; context: ChatMessageInput[]; expiresAt: number; running: TemporaryTurn | null };

export type TemporaryTurnDeps = {
  /** The hub's rate limit for streamed answers (the same window as saved turns): seconds to wait, or 0. */
  takeStreamSlot: () => number;
  sessionLive: () => Promise<boolean>;
  /** The hub saw D1 confirm the session lately (docs/decisions/0028-the-d1-round-trip-budget.md). */
  vouched: boolean;
  /** Asks the hub's alarm to run by `at` (the chat's expiry). */
  wipeBy: (at: number) => void;
  searchUrl?: string;
};

export class TemporaryChats {
  private readonly chats = new Map<string, TemporaryChat>();
  /**
   * The next expiry, in memory too. A pending timer also keeps the hub from hibernating, which would lose every
   * chat it holds; the tab's "hold" heartbeat keeps it from being evicted as idle (docs/decisions/0027-temporary-chats.md).
   */
  private timer: ReturnType<typeof setTimeout> | undefined;

  /** How many chats the hub holds (the tests read it). */
  get size() {
    return this.chats.size;
  }

  /**
   * Runs one turn: in a new chat (conversationId null; the hub issues its id) or in one the hub still holds. A chat
   * it no longer holds answers 404 temporary_chat_ended; one whose answer is still being written, 409.
   */
  async run(provider: ChatProvider, request: GenerateRequest, deps: TemporaryTurnDeps): Promise<GenerateOutcome> {
    const existing = request.conversationId === null ? null : this.chats.get(request.conversationId);
    if (existing === undefined) return refused(new NotFound(TEMPORARY_CHAT_ENDED, "temporary_chat_ended"));
    if (existing?.running) return refused(new Conflict("turn_in_progress", "This answer is already being generated."));
    const retryAfter = deps.takeStreamSlot();
    if (retryAfter) return refused(new RateLimited(retryAfter));
    const chat = existing ?? this.create(request.familyId);
    chat.expiresAt = Date.now() + TEMPORARY_CHAT_TTL_MS;
    deps.wipeBy(chat.expiresAt);
    this.rearm();
    const turn = new TemporaryTurn(request.turnId, request.text, request.options, {
      context: chat.context,
      sessionLive: deps.sessionLive,
      vouched: deps.vouched,
      sessionEnded: () => this.endSessions([request.familyId]),
      searchUrl: deps.searchUrl,
      remember: (question, answer) => this.remember(chat, question, answer),
      done: () => {
        if (chat.running === turn) chat.running = null;
        // A new chat whose first turn left nothing to remember is not kept.
        if (!chat.context.length && !chat.running && this.chats.delete(chat.id)) this.rearm();
      },
    });
    chat.running = turn;
    return turn.start(provider, chat.id, crypto.randomUUID());
  }

  /** Stops the running answer of `turnId`, if it is a temporary chat's. */
  stop(turnId: string): boolean {
    for (const chat of this.chats.values()) {
      if (chat.running?.turnId === turnId) {
        chat.running.stop();
        return true;
      }
    }
    return false;
  }

  /** The screen left the chat: it is forgotten at once (its running answer ends). */
  discard(id: string): boolean {
    const chat = this.chats.get(id);
    if (!chat) return false;
    this.drop(chat);
    this.rearm();
    return true;
  }

  /** Sessions ended (all of the user's when `familyIds` is null): their chats go, and their answers stop. */
  endSessions(familyIds: readonly string[] | null) {
    for (const chat of this.chats.values()) if (familyIds === null || familyIds.includes(chat.familyId)) this.drop(chat);
    this.rearm();
  }

  /** The user's last tab closed: every temporary chat goes. */
  wipeAll() {
    for (const chat of this.chats.values()) this.drop(chat);
    this.rearm();
  }

  /** The alarm: wipes the chats expired at `now`; answers when the next one expires (null: none left). */
  wipeExpired(now: number): number | null {
    for (const chat of this.chats.values()) if (chat.expiresAt <= now) this.drop(chat);
    return this.rearm();
  }

  /** Sets the timer for the next expiry (none when no chat is left); answers that time. */
  private rearm(): number | null {
    clearTimeout(this.timer);
    this.timer = undefined;
    const expiries = [...this.chats.values()].map((chat) => chat.expiresAt);
    if (!expiries.length) return null;
    const next = Math.min(...expiries);
    this.timer = setTimeout(() => this.wipeExpired(Date.now()), Math.max(0, next - Date.now()));
    return next;
  }

  private create(familyId: string): TemporaryChat {
    if (this.chats.size >= MAX_TEMPORARY_CHATS) {
      // The oldest idle one goes; an answer being written is never cut short for another chat.
      const oldest = [...this.chats.values()].filter((chat) => !chat.running).sort((a, b) => a.expiresAt - b.expiresAt)[0];
      if (oldest) this.drop(oldest);
    }
    const chat: TemporaryChat = { id: crypto.randomUUID(), familyId, context: [], expiresAt: 0, running: null };
    this.chats.set(chat.id, chat);
    return chat;
  }

  private remember(chat: TemporaryChat, question: string, answer: string) {
    if (this.chats.get(chat.id) !== chat) return;
    const asked: ChatMessageInput = { role: "user", content: question };
    chat.context = [...chat.context, asked, ...(answer ? [{ role: "assistant" as const, content: answer }] : [])].slice(-CHAT_CONTEXT_MESSAGES);
    chat.expiresAt = Date.now() + TEMPORARY_CHAT_TTL_MS;
    this.rearm();
  }

  private drop(chat: TemporaryChat) {
    this.chats.delete(chat.id);
    chat.running?.forget();
    chat.running = null;
    chat.context = [];
  }
}
