import { DurableObject } from "cloudflare:workers";
import type { VisitorEvent } from "@core/schemas/inbox";

/**
 * One live chat's visitor side (docs/product.md#studio): an object per conversation, named by its thread id. The
 * visitor's open tabs hold hibernating WebSockets to it; the owner's replies are pushed to them at once. Messages
 * are stored in D1 by the Worker before they are pushed, so a reload reads them back from there.
 */
export class LiveChatRoom extends DurableObject<Env> {
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

  /** RPC: pushes an event to the visitor's open tabs; returns how many received it (0: the visitor is away). */
  deliver(event: VisitorEvent): number {
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
