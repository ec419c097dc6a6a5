// What a tab and its user's hub say on the realtime socket besides events: heartbeats, and that the user is typing
// (docs/decisions/0028-the-d1-round-trip-budget.md). A module apart from the chat's request schemas: every page with
// a live socket (the contact page's live chat, the Studio) loads it, and none needs those schemas built as it loads.

export const REALTIME_HEARTBEAT_MS = 25_000;
export const REALTIME_RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000] as const;
/** The heartbeat of a tab holding a temporary chat: unlike "ping" it wakes the hub, which keeps the chat in memory. */
export const REALTIME_HOLD = "hold";
/**
 * A tab's word that its user is typing a message, in a conversation (`composing:<id>`) or a new chat (`composing`):
 * the hub gets ready for the turn. Sent at most once per REALTIME_COMPOSING_INTERVAL_MS, which keeps a hub that would
 * hibernate after 10 idle seconds awake while the user types.
 */
export const REALTIME_COMPOSING = "composing";
export const REALTIME_COMPOSING_INTERVAL_MS = 5000;
const CONVERSATION_ID = /^[\w-]{1,64}$/;

export const composingMessage = (conversationId: string | null) => (conversationId ? `${REALTIME_COMPOSING}:${conversationId}` : REALTIME_COMPOSING);

/** The conversation a composing message names (null: a new chat), or undefined when the message is not one. */
export function composingIn(message: string): string | null | undefined {
  if (message === REALTIME_COMPOSING) return null;
  const prefix = `${REALTIME_COMPOSING}:`;
  if (!message.startsWith(prefix)) return undefined;
  const id = message.slice(prefix.length);
  return CONVERSATION_ID.test(id) ? id : undefined;
}
