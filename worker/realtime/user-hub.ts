import { DurableObject } from "cloudflare:workers";

/**
 * One hub per signed-in user. Every open tab of that user holds a WebSocket to it, and the server
 * publishes change events (e.g. "conversation updated") that the hub fans out to all of them.
 * Uses the hibernation API so idle sockets cost nothing.
 */
export class UserHub extends DurableObject<Env> {
  override async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (request.headers.get("upgrade")?.toLowerCase() === "websocket") {
      const { 0: client, 1: server } = new WebSocketPair();
      this.ctx.acceptWebSocket(server);
      return new Response(null, { status: 101, webSocket: client });
    }
    if (request.method === "POST" && url.pathname === "/publish") {
      const delivered = this.publish(await request.text());
      return Response.json({ delivered });
    }
    return new Response("Not found", { status: 404 });
  }

  /** Sends one event to every connected tab; returns how many received it. */
  publish(event: string): number {
    let delivered = 0;
    for (const socket of this.ctx.getWebSockets()) {
      try {
        socket.send(event);
        delivered++;
      } catch {
        socket.close(1011, "send failed");
      }
    }
    return delivered;
  }

  override webSocketMessage(socket: WebSocket, message: string | ArrayBuffer) {
    // Clients only ping to keep the connection alive through proxies (SPEC: heartbeat every 25 s).
    if (message === "ping") socket.send("pong");
  }

  override webSocketClose(socket: WebSocket, code: number) {
    socket.close(code === 1005 ? 1000 : code, "closed");
  }
}
