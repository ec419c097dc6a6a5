// A WebSocket to one of this origin's live endpoints (the Studio's presence, a visitor's live chat), kept open while
// `enabled`: a "ping" every 25 s, and on loss a reconnection after 1, 2, 5, then every 10 s (the chat's timings).
import { useEffect, useRef } from "react";
import { REALTIME_HEARTBEAT_MS, REALTIME_RECONNECT_DELAYS_MS } from "@core/schemas/chat";

type Handlers = { onMessage: (data: unknown) => void; onOpen?: () => void };

export function useLiveSocket(path: string, enabled: boolean, handlers: Handlers) {
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
    let stopped = false;

    function connect() {
      const current = new WebSocket(`${window.location.protocol === "https:" ? "wss:" : "ws:"}//${window.location.host}${path}`);
      socket = current;
      current.onopen = () => {
        failures = 0;
        handlersRef.current.onOpen?.();
        heartbeat = setInterval(() => current.readyState === WebSocket.OPEN && current.send("ping"), REALTIME_HEARTBEAT_MS);
      };
      current.onmessage = (message) => {
        if (message.data === "pong") return;
        try {
          handlersRef.current.onMessage(JSON.parse(String(message.data)));
        } catch {
          // Not one of ours: ignored.
        }
      };
      current.onclose = () => {
        clearInterval(heartbeat);
        if (stopped || socket !== current) return;
        const delay = REALTIME_RECONNECT_DELAYS_MS[failures] ?? Math.max(...REALTIME_RECONNECT_DELAYS_MS);
        failures++;
        retry = setTimeout(connect, delay);
      };
    }

    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      clearInterval(heartbeat);
      socket?.close(1000, "leaving");
    };
  }, [enabled, path]);
}
