import { DurableObject } from "cloudflare:workers";
import type { StudioEvent } from "@core/schemas/inbox";

/**
 * The Studio's presence (docs/product.md#studio): one object for the whole site. Every open Studio tab of an owner
 * holds a hibernating WebSocket to it, so "an owner is online" is "this object has a socket", and a visitor's
 * live-chat message reaches every open Studio at once through it. Idle sockets cost nothing (hibernation, with
 * ping → pong answered by the runtime).
 */
export class StudioPresence extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
  }

  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("upgrade")?.toLowerCase() !== "websocket") return new Response("Not found", { status: 404 });
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server);
    return new Response(null, { status: 101, webSocket: client });
  }

  /** RPC: whether an owner has the Studio open right now. */
  online(): boolean {
    return this.ctx.getWebSockets().length > 0;
  }

  /** RPC: tells every open Studio about an inbox change; returns how many received it. */
  announce(event: StudioEvent): number {
    const message = JSON.stringify(event);
    let delivered = 0;
    for (const socket of this.ctx.getWebSockets()) {
      try {
        socket.send(message);
        delivered++;
      } catch {
        socket.close(1011, "send failed");
      }
    }
    return delivered;
  }

  override webSocketMessage(socket: WebSocket, message: string | ArrayBuffer) {
    if (message === "ping") socket.send("pong");
  }

  override webSocketClose(socket: WebSocket, code: number) {
    socket.close(code === 1005 ? 1000 : code, "closed");
  }
}
