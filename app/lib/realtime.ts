// The browser's end of the per-user realtime hub (GET /api/realtime, a WebSocket on this origin that the
// session cookie authenticates). Only the /ai screen imports this module, so no other page ships it.
import { useCallback, useRef } from "react";
import { composingMessage, REALTIME_COMPOSING_INTERVAL_MS, REALTIME_HOLD } from "@core/chat/realtime";
import type { RealtimeEvent } from "@core/schemas/chat";
import { useLiveSocket } from "./live-socket";

const KNOWN_TYPES = new Set<RealtimeEvent["type"]>(["conversation", "message", "stream"]);

function asEvent(data: unknown): RealtimeEvent | null {
  const type = (data as { type?: unknown } | null)?.type;
  return data && typeof data === "object" && KNOWN_TYPES.has(type as RealtimeEvent["type"]) ? (data as RealtimeEvent) : null;
}

type RealtimeHandlers = {
  onEvent: (event: RealtimeEvent) => void;
  /** Called on every (re)connection after the first: events may have been missed while the socket was down. */
  onReconnect?: () => void;
  /** Whether this tab holds a temporary chat: its heartbeat then keeps the hub in memory (docs/decisions/0027-temporary-chats.md). */
  holding?: () => boolean;
};

/**
 * Keeps one WebSocket to the hub while `enabled` (the timings are useLiveSocket's); only its events are passed on.
 * Returns `composing`, to call as the user types: the hub then gets ready for the turn (a session check and the
 * conversation's context read ahead, docs/decisions/0028-the-d1-round-trip-budget.md), at most once per interval.
 */
export function useRealtime(enabled: boolean, handlers: RealtimeHandlers) {
  const told = useRef({ at: 0, conversationId: null as string | null });
  const send = useLiveSocket("/api/realtime", enabled, {
    onMessage: (data) => {
      const event = asEvent(data);
      if (event) handlers.onEvent(event);
    },
    onOpen: (reconnected) => {
      if (reconnected) handlers.onReconnect?.();
    },
    heartbeat: () => (handlers.holding?.() ? REALTIME_HOLD : "ping"),
  });
  const composing = useCallback(
    (conversationId: string | null) => {
      const now = Date.now();
      const last = told.current;
      if (last.conversationId === conversationId && now - last.at < REALTIME_COMPOSING_INTERVAL_MS) return;
      told.current = { at: now, conversationId };
      send(composingMessage(conversationId));
    },
    [send],
  );
  return { composing };
}
