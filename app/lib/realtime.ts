// The browser's end of the per-user realtime hub (GET /api/realtime, a WebSocket on this origin that the
// session cookie authenticates). Only the /ai screen imports this module, so no other page ships it.
import { useEffect, useRef } from "react";
import { REALTIME_HEARTBEAT_MS, REALTIME_HOLD, REALTIME_RECONNECT_DELAYS_MS, type RealtimeEvent } from "@core/schemas/chat";

const KNOWN_TYPES = new Set<RealtimeEvent["type"]>(["conversation", "message", "stream"]);

function parseEvent(data: unknown): RealtimeEvent | null {
  if (typeof data !== "string" || data === "pong") return null;
  try {
    const event = JSON.parse(data) as { type?: unknown } | null;
    return event && typeof event === "object" && KNOWN_TYPES.has(event.type as RealtimeEvent["type"]) ? (event as RealtimeEvent) : null;
  } catch {
    return null;
  }
}

type RealtimeHandlers = {
  onEvent: (event: RealtimeEvent) => void;
  /** Called on every (re)connection after the first: events may have been missed while the socket was down. */
  onReconnect?: () => void;
  /** Whether this tab holds a temporary chat: its heartbeat then keeps the hub in memory (docs/decisions/0027-temporary-chats.md). */
  holding?: () => boolean;
};

/**
 * Keeps one WebSocket to the hub while `enabled`: a "ping" every 25 s (no "pong" by the next one counts as a
 * lost connection), and on loss a reconnection after 1, 2, 5, then every 10 s (docs/product.md#ai-chat). The handlers
 * may change between renders without reconnecting.
 */
export function useRealtime(enabled: boolean, handlers: RealtimeHandlers) {
  const handlersRef = useRef(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
  });

  useEffect(() => {
    if (!enabled || typeof WebSocket === "undefined") return;
    let socket: WebSocket | null = null;
    let heartbeat: ReturnType<typeof setInterval> | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let connectedBefore = false;
    let stopped = false;

    function scheduleReconnect() {
      // Past the end of the list, every retry waits the longest delay.
      const delay = REALTIME_RECONNECT_DELAYS_MS[failures] ?? Math.max(...REALTIME_RECONNECT_DELAYS_MS);
      failures++;
      retry = setTimeout(connect, delay);
    }

    function connect() {
      const url = `${window.location.protocol === "https:" ? "wss:" : "ws:"}//${window.location.host}/api/realtime`;
      const current = new WebSocket(url);
      socket = current;
      let awaitingPong = false;
      current.onopen = () => {
        failures = 0;
        if (connectedBefore) handlersRef.current.onReconnect?.();
        connectedBefore = true;
        heartbeat = setInterval(() => {
          if (current.readyState !== WebSocket.OPEN) return;
          if (awaitingPong) {
            // No answer to the last ping: the connection is dead without having closed. Start over.
            current.onclose = null;
            clearInterval(heartbeat);
            current.close(4000, "no pong");
            scheduleReconnect();
            return;
          }
          awaitingPong = true;
          current.send(handlersRef.current.holding?.() ? REALTIME_HOLD : "ping");
        }, REALTIME_HEARTBEAT_MS);
      };
      current.onmessage = (message) => {
        awaitingPong = false;
        const event = parseEvent(message.data);
        if (event) handlersRef.current.onEvent(event);
      };
      current.onclose = () => {
        clearInterval(heartbeat);
        if (stopped || socket !== current) return;
        scheduleReconnect();
      };
    }

    // A laptop waking up or a tab coming back online reconnects at once instead of waiting out the back-off.
    function reconnectNow() {
      if (stopped || document.visibilityState !== "visible") return;
      if (socket && (socket.readyState === WebSocket.OPEN || socket.readyState === WebSocket.CONNECTING)) return;
      clearTimeout(retry);
      connect();
    }

    connect();
    window.addEventListener("online", reconnectNow);
    document.addEventListener("visibilitychange", reconnectNow);
    return () => {
      stopped = true;
      clearTimeout(retry);
      clearInterval(heartbeat);
      window.removeEventListener("online", reconnectNow);
      document.removeEventListener("visibilitychange", reconnectNow);
      socket?.close(1000, "leaving");
    };
  }, [enabled]);
}
