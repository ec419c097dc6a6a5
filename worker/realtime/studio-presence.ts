import { DurableObject } from "cloudflare:workers";
import type { StudioEvent } from "@core/schemas/inbox";
import { answerClose, answerPing, sendToAll } from "./sockets";

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
    return sendToAll(this.ctx, event);
  }

  override webSocketMessage(socket: WebSocket, message: string | ArrayBuffer) {
    answerPing(socket, message);
  }

  override webSocketClose(socket: WebSocket, code: number) {
    answerClose(socket, code);
  }
}
