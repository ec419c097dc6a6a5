// The live chat (docs/product.md#studio): presence (an owner's open Studio), a Durable Object per chat with
// hibernating sockets, messages both ways at once, each translated for the other side, the visitor's cookie,
// the rate limit, and the email to a visitor answered while away.
import { env, runDurableObjectAlarm, SELF } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import type { LiveChatState, StudioEvent, VisitorEvent } from "@core/schemas/inbox";
import { LIVE_CHAT_MESSAGES } from "@worker/lib/rate-limit-rules";
import { cookieHeader, lastEmail, ownerAccount, responseCookies, sendWithCookies, uniqueEmail } from "../support/auth";
import { postJsonWithProof } from "../support/proof";
import { ORIGIN, postJson } from "../support/requests";
import { until } from "../chat/helpers";
import { clearOfTheWindowEnd } from "../support/rate-limits";

const withApertium = it.skipIf(!inject("apertiumAvailable"));
let owner: Awaited<ReturnType<typeof ownerAccount>>;
const open: WebSocket[] = [];

beforeAll(async () => {
  owner = await ownerAccount();
});

afterEach(() => {
  for (const socket of open.splice(0)) socket.close(1000);
});

async function socketTo<T>(path: string, cookies: Record<string, string>) {
  const response = await SELF.fetch(`${ORIGIN}${path}`, { headers: { upgrade: "websocket", cookie: cookieHeader(cookies), origin: ORIGIN } });
  expect(response.status).toBe(101);
  const socket = response.webSocket!;
  const events: T[] = [];
  socket.addEventListener("message", (event) => {
    if (event.data !== "pong") events.push(JSON.parse(String(event.data)) as T);
  });
  socket.accept();
  open.push(socket);
  return { socket, events };
}

async function visitorState(cookies: Record<string, string> = {}) {
  const response = await SELF.fetch(`${ORIGIN}/api/live-chat`, { headers: { cookie: cookieHeader(cookies) } });
  expect(response.status).toBe(200);
  return (await response.json()) as LiveChatState;
}

async function openChat(body: Record<string, unknown>) {
  const response = await postJsonWithProof("/api/live-chat/open", body);
  expect(response.status).toBe(201);
  return {
    cookies: responseCookies(response),
    setCookie: response.headers.get("set-cookie") ?? "",
    body: (await response.json()) as { chat: { id: string } },
  };
}

const visitorPost = (cookies: Record<string, string>, text: string) =>
  postJson("/api/live-chat/messages", { text }, { cookie: cookieHeader(cookies) });

describe("presence", () => {
  it("is online exactly while an owner's Studio socket is open, and stores nothing before a chat is opened", async () => {
    const response = await SELF.fetch(`${ORIGIN}/api/live-chat`);
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(((await response.json()) as LiveChatState).online).toBe(false);
    const studio = await socketTo<StudioEvent>("/api/studio/inbox/presence", owner.cookies);
    await until(async () => (await visitorState()).online);
    studio.socket.close(1000);
    await until(async () => !(await visitorState()).online);
  });
});

describe("presence, told to a chatting visitor", () => {
  const presenceEvents = (events: VisitorEvent[]) => events.filter((event) => event.type === "presence");

  it("says when the owner leaves (not for a Studio reload) and when they come back", async () => {
    const presence = env.STUDIO_PRESENCE.get(env.STUDIO_PRESENCE.idFromName("studio"));
    const first = await socketTo<StudioEvent>("/api/studio/inbox/presence", owner.cookies);
    const { cookies } = await openChat({ message: "Hello, is anyone there?", language: "en" });
    const visitor = await socketTo<VisitorEvent>("/api/live-chat/socket", cookies);
    // A reload: the Studio closes and opens again within the grace period. The visitor is told nothing.
    first.socket.close(1000);
    await until(async () => !(await visitorState()).online);
    const second = await socketTo<StudioEvent>("/api/studio/inbox/presence", owner.cookies);
    await until(async () => runDurableObjectAlarm(presence));
    expect(presenceEvents(visitor.events)).toEqual([]);
    // The owner leaves: once the grace period ends, the visitor's window says so.
    second.socket.close(1000);
    await until(async () => runDurableObjectAlarm(presence));
    await until(async () => presenceEvents(visitor.events).length === 1);
    expect(presenceEvents(visitor.events)).toEqual([{ type: "presence", online: false }]);
    // And back.
    await socketTo<StudioEvent>("/api/studio/inbox/presence", owner.cookies);
    await until(async () => presenceEvents(visitor.events).length === 2);
    expect(presenceEvents(visitor.events)[1]).toEqual({ type: "presence", online: true });
  });
});

describe("a live chat", () => {
  withApertium("carries messages both ways at once, each translated for the other side", async () => {
    const studio = await socketTo<StudioEvent>("/api/studio/inbox/presence", owner.cookies);
    const { cookies, setCookie, body } = await openChat({ name: "Sofía", message: "Hola, la casa es roja.", language: "es-ES" });
    expect(setCookie).toMatch(/^parley_live_chat=/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    // The visitor's first message reached the open Studio at once, translated into English.
    await until(async () => studio.events.some((event) => event.threadId === body.chat.id));
    const first = studio.events.find((event) => event.threadId === body.chat.id)!;
    expect(first.line).toMatchObject({ author: "sender", original: "Hola, la casa es roja.", machineTranslated: true, language: "es-ES" });
    expect(first.line?.text).toMatch(/house is red/i);
    expect(first.unread).toBeGreaterThan(0);

    const visitor = await socketTo<VisitorEvent>("/api/live-chat/socket", cookies);
    const reply = await sendWithCookies("POST", `/api/studio/inbox/${body.chat.id}/reply`, owner.cookies, {
      text: "The house is red.",
      translate: true,
    });
    expect(reply.status).toBe(201);
    expect(((await reply.json()) as { delivery: string }).delivery).toBe("live");
    await until(async () => visitor.events.length > 0);
    const line = (visitor.events[0] as Extract<VisitorEvent, { type: "line" }>).line;
    expect(line).toMatchObject({ author: "owner", original: "The house is red.", machineTranslated: true });
    expect(line.text).toMatch(/casa es roja/i);

    // A reload reads the whole conversation back, in the visitor's language.
    const again = await visitorState(cookies);
    expect(again.chat?.lines.map((row) => row.author)).toEqual(["sender", "owner"]);
    expect(again.chat?.lines[1]?.text).toMatch(/casa es roja/i);
    // The visitor's next message reaches the Studio too.
    expect((await visitorPost(cookies, "Gracias por la respuesta.")).status).toBe(201);
    await until(async () => studio.events.filter((event) => event.threadId === body.chat.id).length === 2);
    // The inbox lists the chat with its latest message.
    const list = (await (await sendWithCookies("GET", "/api/studio/inbox", owner.cookies)).json()) as { threads: { id: string; preview: string }[] };
    expect(list.threads.find((thread) => thread.id === body.chat.id)?.preview).toBe("Gracias por la respuesta.");
  });

  it("emails the reply to a visitor who left an address and is away", async () => {
    const email = uniqueEmail("away");
    const { body } = await openChat({ name: "Kim", email, message: "Hello, do you ship to Canada?", language: "en" });
    const reply = await sendWithCookies("POST", `/api/studio/inbox/${body.chat.id}/reply`, owner.cookies, { text: "Yes, we do.", translate: false });
    expect(((await reply.json()) as { delivery: string }).delivery).toBe("email");
    expect((await lastEmail(email)).text).toContain("Yes, we do.");
  });

  it("refuses a message without the chat's cookie, bad input, and a flood", async () => {
    expect((await visitorPost({}, "Hello?")).status).toBe(404);
    const { cookies } = await openChat({ message: "Hello there, anyone?", language: "en" });
    // All of the chat's messages below must count in one minute.
    await clearOfTheWindowEnd(LIVE_CHAT_MESSAGES, 30);
    expect((await visitorPost(cookies, "")).status).toBe(400);
    expect((await visitorPost(cookies, "x".repeat(5001))).status).toBe(400);
    const bad = await postJsonWithProof("/api/live-chat/open", { message: "hi", email: "not-an-address" });
    expect(bad.status).toBe(400);
    // Opening a chat needs the human check's proof (docs/decisions/0018-bot-protection.md), like the offline form.
    const unproven = await postJson("/api/live-chat/open", { message: "Hello there, anyone?", language: "en" });
    expect(unproven.status).toBe(400);
    expect(((await unproven.json()) as { error: { code: string } }).error.code).toBe("proof_required");
    // The two refused texts above count against the chat's 20 messages a minute.
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await visitorPost(cookies, `Message ${i}`)).status);
    expect(statuses).toEqual([...Array(18).fill(201), 429, 429]);
  });

  it("keeps the socket to the visitor's own chat", async () => {
    const plain = await SELF.fetch(`${ORIGIN}/api/live-chat/socket`, { headers: { upgrade: "websocket", origin: ORIGIN } });
    expect(plain.status).toBe(404);
    const { cookies } = await openChat({ message: "Hello from another site?", language: "en" });
    const crossSite = await SELF.fetch(`${ORIGIN}/api/live-chat/socket`, {
      headers: { upgrade: "websocket", cookie: cookieHeader(cookies), origin: "https://evil.example" },
    });
    expect(crossSite.status).toBe(403);
  });
});
