// GET /api/realtime: the per-user hub (a Durable Object with hibernating WebSockets) pushes every change
// to the user's conversations and messages, and running answers, to all of that user's sockets.
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { STREAM_EVENT_INTERVAL_MS } from "../../../worker/realtime/generation";
import { cookieHeader } from "../support/auth";
import { ORIGIN } from "../support/requests";
import { ask, chatUser, openTab, marker, readStream, send, SseReader, streamTurn, until, type ErrorBody } from "./helpers";

describe("GET /api/realtime", () => {
  it("needs a session, a WebSocket upgrade, and a same-origin page", async () => {
    const signedOut = await SELF.fetch(`${ORIGIN}/api/realtime`, { headers: { upgrade: "websocket" } });
    expect(signedOut.status).toBe(401);
    expect(((await signedOut.json()) as ErrorBody).error.message).toBe("Not signed in");
    const { cookies } = await chatUser();
    const plain = await SELF.fetch(`${ORIGIN}/api/realtime`, { headers: { cookie: cookieHeader(cookies) } });
    expect(plain.status).toBe(426);
    const crossSite = await SELF.fetch(`${ORIGIN}/api/realtime`, {
      headers: { upgrade: "websocket", cookie: cookieHeader(cookies), origin: "https://evil.example" },
    });
    expect(crossSite.status).toBe(403);
  });

  it("answers the heartbeat ping with pong", async () => {
    const { cookies } = await chatUser();
    const { socket, received } = await openTab(cookies);
    socket.send("ping");
    await until(async () => received.includes("pong"));
    socket.close(1000);
  });

  it("broadcasts conversation changes to every socket of the user, and to no one else", async () => {
    const { cookies } = await chatUser();
    const tabA = await openTab(cookies);
    const tabB = await openTab(cookies);
    const stranger = await openTab((await chatUser()).cookies);

    const saved = await send("POST", "/api/ai", cookies, { turnId: `t-${marker()}`, message: "Hello hub", assistantText: "Hi!" });
    const { conversationId } = (await saved.json()) as { conversationId: string };
    await send("PATCH", `/api/conversations/${conversationId}`, cookies, { title: "Renamed" });
    await send("PATCH", `/api/conversations/${conversationId}`, cookies, { title: "Renamed" });
    await send("DELETE", `/api/conversations/${conversationId}`, cookies);

    for (const tab of [tabA, tabB]) {
      const events = await until(async () => (tab.events().length >= 5 ? tab.events() : null));
      expect(events.map((event) => (event.type === "stream" ? event.type : `${event.type}:${event.action}`))).toEqual([
        "conversation:created",
        "message:created",
        "message:created",
        "conversation:updated",
        "conversation:deleted",
      ]);
      expect(events[0]).toMatchObject({ conversation: { id: conversationId, title: "Hello hub" } });
      expect(events[1]).toMatchObject({ message: { role: "user", content: "Hello hub", conversationId } });
      expect(events[2]).toMatchObject({ message: { role: "assistant", content: "Hi!", status: "complete" } });
      expect(events[3]).toMatchObject({ conversation: { id: conversationId, title: "Renamed" } });
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stranger.events()).toEqual([]);
    for (const tab of [tabA, tabB, stranger]) tab.socket.close(1000);
  });

  it("shows a streaming answer in another tab as it grows, then the saved answer", async () => {
    const { cookies } = await chatUser();
    const tab = await openTab(cookies);
    const tag = marker();
    const response = await streamTurn(cookies, ask(`Stream to the other tab ${tag} with several more words to send`));
    const conversationId = response.headers.get("x-conversation-id")!;
    const messageId = response.headers.get("x-message-id")!;
    const { text } = await readStream(response);

    const events = await until(async () => {
      const all = tab.events();
      return all.some((event) => event.type === "message" && event.action === "updated") ? all : null;
    });
    expect(events[0]).toMatchObject({ type: "conversation", action: "created", conversation: { id: conversationId } });
    expect(events[1]).toMatchObject({ type: "message", action: "created", message: { role: "user" } });
    expect(events[2]).toMatchObject({ type: "message", action: "created", message: { id: messageId, role: "assistant", status: "streaming" } });
    const streamed = events.filter((event) => event.type === "stream");
    // About 15 deltas 20 ms apart, published at most every STREAM_EVENT_INTERVAL_MS: several, but not one per delta.
    expect(streamed.length).toBeGreaterThan(1);
    expect(streamed.length).toBeLessThan(15);
    expect(streamed[0]).toMatchObject({ conversationId, messageId, turnId: expect.any(String) });
    expect(text.startsWith((streamed.at(-1) as { text: string }).text)).toBe(true);
    expect(events.at(-1)).toEqual({
      type: "message",
      action: "updated",
      message: expect.objectContaining({ id: messageId, status: "complete", content: text }),
    });
    expect(STREAM_EVENT_INTERVAL_MS).toBeLessThanOrEqual(100);
    tab.socket.close(1000);
  });

  it("sends a tab that connects mid-answer the text so far", async () => {
    const { cookies } = await chatUser();
    const body = ask(`Late tab [slow] ${marker()}`);
    const response = await streamTurn(cookies, body);
    const reader = new SseReader(response);
    await reader.next();
    await reader.next();
    const late = await openTab(cookies);
    const [snapshot] = await until(async () => (late.events().length ? late.events() : null));
    expect(snapshot).toMatchObject({
      type: "stream",
      turnId: body.turnId,
      messageId: response.headers.get("x-message-id"),
      text: expect.stringMatching(/^Echo: Late /),
    });
    await send("POST", "/api/ai-stream/stop", cookies, { turnId: body.turnId });
    await reader.rest();
    const stopped = await until(async () => late.events().find((event) => event.type === "message" && event.action === "updated"));
    expect(stopped).toMatchObject({ message: { status: "stopped" } });
    late.socket.close(1000);
  });

  it("stops a running answer when its conversation is deleted", async () => {
    const { cookies } = await chatUser();
    const body = ask(`Doomed [slow] ${marker()}`);
    const response = await streamTurn(cookies, body);
    const reader = new SseReader(response);
    await reader.next();
    const deleted = await send("DELETE", `/api/conversations/${response.headers.get("x-conversation-id")}`, cookies);
    expect(deleted.status).toBe(204);
    const rest = await reader.rest();
    expect(rest.at(-1)).toBe("[DONE]");
    expect(await (await send("POST", "/api/ai-stream/stop", cookies, { turnId: body.turnId })).json()).toEqual({ stopped: false });
  });
});
