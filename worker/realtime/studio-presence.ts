import { DurableObject } from "cloudflare:workers";
import type { StudioEvent } from "@core/schemas/inbox";
import { liveChatRoom } from "./live-chat";
import { answerClose, answerPing, sendToAll } from "./sockets";

/**
 * A Studio reload or a dropped connection is not the owner leaving: visitors are told "offline" only when no Studio
 * has come back this long after the last one closed.
 */
export const OFFLINE_GRACE_MS = 10_000;

type Announced = "online" | "offline";
const ANNOUNCED = "announced";
const WATCHING = "watching:";

/**
 * The Studio's presence (docs/product.md#studio): one object for the whole site. Every open Studio tab of an owner
 * holds a hibernating WebSocket to it, so "an owner is online" is "this object has a socket", and a visitor's
 * live-chat message reaches every open Studio at once through it. Idle sockets cost nothing (hibernation, with
 * ping → pong answered by the runtime). Live chats with a visitor on the page watch it, and are told when the
 * owner comes or goes.
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
    if ((await this.announced()) === "offline") await this.tellWatchers("online");
    return new Response(null, { status: 101, webSocket: client });
  }

  /** RPC: whether an owner has the Studio open right now. */
  online(): boolean {
    return this.openSockets().length > 0;
  }

  /** RPC: tells every open Studio about an inbox change; returns how many received it. */
  announce(event: StudioEvent): number {
    return sendToAll(this.ctx, event);
  }

  /** RPC: a live chat whose visitor is on the page, to be told when the owner comes or goes. */
  async watch(threadId: string) {
    await this.ctx.storage.put(`${WATCHING}${threadId}`, true);
  }

  async unwatch(threadId: string) {
    await this.ctx.storage.delete(`${WATCHING}${threadId}`);
  }

  override webSocketMessage(socket: WebSocket, message: string | ArrayBuffer) {
    answerPing(socket, message);
  }

  override async webSocketClose(socket: WebSocket, code: number) {
    answerClose(socket, code);
    if (this.openSockets(socket).length === 0) await this.ctx.storage.setAlarm(Date.now() + OFFLINE_GRACE_MS);
  }

  override async alarm() {
    if (this.openSockets().length === 0 && (await this.announced()) === "online") await this.tellWatchers("offline");
  }

  private openSockets(except?: WebSocket) {
    return this.ctx.getWebSockets().filter((socket) => socket !== except && socket.readyState === WebSocket.OPEN);
  }

  /** What the watching chats were last told; nobody is online until a Studio first opens. */
  private async announced(): Promise<Announced> {
    return (await this.ctx.storage.get<Announced>(ANNOUNCED)) ?? "offline";
  }

  /** Tells every watching live chat; one whose visitor has left (nobody received it) stops watching. */
  private async tellWatchers(presence: Announced) {
    await this.ctx.storage.put(ANNOUNCED, presence);
    const watching = await this.ctx.storage.list({ prefix: WATCHING });
    await Promise.all(
      [...watching.keys()].map(async (key) => {
        const threadId = key.slice(WATCHING.length);
        const delivered = await liveChatRoom(this.env, threadId)
          .deliver({ type: "presence", online: presence === "online" })
          .catch(() => 0);
        if (delivered === 0) await this.ctx.storage.delete(key);
      }),
    );
  }
}
