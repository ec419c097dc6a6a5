import { DurableObject } from "cloudflare:workers";
import type { VisitorEvent } from "@core/schemas/inbox";
import { LIVE_CHAT_THREAD_HEADER, watchPresence } from "./live-chat";
import { answerClose, answerPing, sendToAll } from "./sockets";

const THREAD = "thread";

/**
 * One live chat's visitor side (docs/product.md#studio): an object per conversation, named by its thread id. The
 * visitor's open tabs hold hibernating WebSockets to it; the owner's replies are pushed to them at once. Messages
 * are stored in D1 by the Worker before they are pushed, so a reload reads them back from there. While a visitor
 * is on the page the chat watches the Studio's presence, which tells it when the owner comes or goes.
 */
export class LiveChatRoom extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
  }

  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("upgrade")?.toLowerCase() !== "websocket") return new Response("Not found", { status: 404 });
    const threadId = request.headers.get(LIVE_CHAT_THREAD_HEADER);
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server);
    if (threadId) {
      await this.ctx.storage.put(THREAD, threadId);
      await watchPresence(this.env, threadId, true);
    }
    return new Response(null, { status: 101, webSocket: client });
  }

  /** RPC: pushes an event to the visitor's open tabs; returns how many received it (0: the visitor is away). */
  deliver(event: VisitorEvent): number {
    return sendToAll(this.ctx, event);
  }

  override webSocketMessage(socket: WebSocket, message: string | ArrayBuffer) {
    answerPing(socket, message);
  }

  override async webSocketClose(socket: WebSocket, code: number) {
    answerClose(socket, code);
    const stillOpen = this.ctx.getWebSockets().some((other) => other !== socket && other.readyState === WebSocket.OPEN);
    const threadId = await this.ctx.storage.get<string>(THREAD);
    if (!stillOpen && threadId) await watchPresence(this.env, threadId, false);
  }
}
