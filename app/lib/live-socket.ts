// The one WebSocket hook for this origin's live endpoints: the chat's per-user hub (app/lib/realtime.ts), the
// Studio's presence and a visitor's live chat. While `enabled` it keeps one socket open: a "ping" every 25 s (no
// "pong" by the next one counts as a lost connection), and on loss a reconnection after 1, 2, 5, then every 10 s
// (docs/product.md#ai-chat); a laptop waking up or a tab coming back online reconnects at once.
import { useCallback, useEffect, useRef } from "react";
import { REALTIME_HEARTBEAT_MS, REALTIME_RECONNECT_DELAYS_MS } from "@core/chat/realtime";

type Handlers = {
  /** Each message as parsed JSON ("pong" and anything that is not JSON are not passed on). */
  onMessage: (data: unknown) => void;
  /** Every (re)connection; `reconnected` after the first, when messages may have been missed while it was down. */
  onOpen?: (reconnected: boolean) => void;
  /** What to send as the heartbeat ("ping" unless told otherwise); the answer must be "pong". */
  heartbeat?: () => string;
};

function parsed(data: unknown): unknown {
  if (typeof data !== "string" || data === "pong") return undefined;
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}

/**
 * The handlers may change between renders without reconnecting. Returns `send`, which sends on the open socket and
 * drops the message when there is none (what callers send is a hint, never data that must arrive).
 */
export function useLiveSocket(path: string, enabled: boolean, handlers: Handlers) {
  const handlersRef = useRef(handlers);
  /** The socket last opened, for `send` (only an open one takes a message). */
  const latest = useRef<WebSocket | null>(null);
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
      const current = new WebSocket(`${window.location.protocol === "https:" ? "wss:" : "ws:"}//${window.location.host}${path}`);
      socket = current;
      latest.current = current;
      let awaitingPong = false;
      current.onopen = () => {
        failures = 0;
        handlersRef.current.onOpen?.(connectedBefore);
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
          current.send(handlersRef.current.heartbeat?.() ?? "ping");
        }, REALTIME_HEARTBEAT_MS);
      };
      current.onmessage = (message) => {
        awaitingPong = false;
        const data = parsed(message.data);
        if (data !== undefined) handlersRef.current.onMessage(data);
      };
      current.onclose = () => {
        clearInterval(heartbeat);
        if (stopped || socket !== current) return;
        scheduleReconnect();
      };
    }

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
  }, [enabled, path]);

  return useCallback((message: string) => {
    if (latest.current?.readyState === WebSocket.OPEN) latest.current.send(message);
  }, []);
}
