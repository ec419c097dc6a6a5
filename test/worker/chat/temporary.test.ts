// Temporary chats (docs/decisions/0027-temporary-chats.md): a turn streams through the user's hub like a saved one,
// with its context from the hub's memory, and leaves no trace: not in D1, not in the hub's storage, not in a log.
// The hub forgets it when the screen leaves it, when the last tab closes, and by its alarm.
import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { REALTIME_HOLD } from "@core/chat/realtime";
import { userHub } from "../../../worker/realtime/events";
import { STREAM_RATE_LIMIT } from "../../../worker/realtime/user-hub";
import { TEMPORARY_CHAT_TTL_MS } from "../../../worker/realtime/temporary-chats";
import type { UserHub } from "../../../worker/realtime/user-hub";
import { capturedFor, chatUser, marker, openTab, readStream, send, SseReader, streamTurn, until, type Cookies, type ErrorBody } from "./helpers";

const temporaryTurn = (cookies: Cookies, text: string, conversationId: string | null = null) =>
  streamTurn(cookies, { turnId: `tmp-${marker()}`, conversationId, text, temporary: true });

/** How many temporary chats the user's hub holds in memory. */
const heldChats = (userId: string) => runInDurableObject(userHub(env, userId), (hub: UserHub) => hub.temporary.size);

/** Every text column of every D1 table that contains `phrase`, as "table.column". */
async function d1Holding(phrase: string): Promise<string[]> {
  const { results: tables } = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'",
  ).all<{ name: string }>();
  const found: string[] = [];
  for (const { name } of tables) {
    const { results: columns } = await env.DB.prepare(`SELECT name, type FROM pragma_table_info('${name}')`).all<{ name: string; type: string }>();
    for (const column of columns) {
      // Every column that can hold text (FTS5 columns have no declared type).
      if (column.type && !/TEXT|CHAR|CLOB|BLOB/i.test(column.type)) continue;
      const hit = await env.DB.prepare(`SELECT 1 FROM "${name}" WHERE CAST("${column.name}" AS TEXT) LIKE ? LIMIT 1`).bind(`%${phrase}%`).first();
      if (hit) found.push(`${name}.${column.name}`);
    }
  }
  return found;
}

/** Everything the user's hub keeps in its storage (key-value entries and SQL tables), as one string. */
function hubStorageText(userId: string) {
  return runInDurableObject(userHub(env, userId), async (_hub: UserHub, state) => {
    const entries = await state.storage.list();
    const parts = [...entries].map(([key, value]) => `${key}=${JSON.stringify(value)}`);
    const tables = state.storage.sql
      .exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'sqlite_%'")
      .toArray();
    for (const { name } of tables) parts.push(JSON.stringify(state.storage.sql.exec(`SELECT * FROM "${name}"`).toArray()));
    return parts.join("\n");
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a temporary chat", () => {
  it("streams through the hub with its context from the hub's memory, and leaves no trace in D1, the hub's storage or the logs", async () => {
    const { cookies, userId } = await chatUser();
    const tab = await openTab(cookies);
    const logged: unknown[][] = [];
    for (const level of ["log", "info", "warn", "error", "debug"] as const) {
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void logged.push(args));
    }
    const phrase = `Zanzibar periwinkle ${marker()}`;
    const first = await temporaryTurn(cookies, `Remember ${phrase}`);
    expect(first.status).toBe(200);
    const chatId = first.headers.get("x-conversation-id")!;
    expect(chatId).toBeTruthy();
    expect((await readStream(first)).text).toBe(`Echo: Remember ${phrase}`);

    const tag = marker();
    const second = await temporaryTurn(cookies, `What did I say? ${tag}`, chatId);
    expect(second.headers.get("x-conversation-id")).toBe(chatId);
    await readStream(second);
    // The context is the system prompt and the chat's last messages, from the hub's memory.
    const [call] = await capturedFor(tag);
    expect(call!.body.messages.slice(1)).toEqual([
      { role: "user", content: `Remember ${phrase}` },
      { role: "assistant", content: `Echo: Remember ${phrase}` },
      { role: "user", content: `What did I say? ${tag}` },
    ]);

    // The scan finds a saved chat's words (in its title, its messages and the search index)...
    const saved = `Saved marmalade ${marker()}`;
    await readStream(await streamTurn(cookies, { turnId: `s-${marker()}`, text: saved }));
    expect(await d1Holding(saved)).toEqual(expect.arrayContaining(["conversations.title", "messages.content"]));
    // ...and none of the temporary chat's.
    expect(await d1Holding(phrase)).toEqual([]);
    expect(await d1Holding(tag)).toEqual([]);
    const stored = await hubStorageText(userId);
    expect(stored).not.toContain(phrase);
    expect(stored).not.toContain(tag);
    expect(JSON.stringify(logged)).not.toContain("periwinkle");
    // Not in any tab's list either: no realtime event names it, and the list has only the saved chat.
    expect(JSON.stringify(tab.events())).not.toContain("periwinkle");
    expect(JSON.stringify(tab.events())).toContain("marmalade");
    const list = (await (await send("GET", "/api/conversations", cookies)).json()) as { conversations: { title: string }[] };
    expect(list.conversations.map((conversation) => conversation.title)).toEqual([saved]);
    expect(await heldChats(userId)).toBe(1);
    tab.socket.close(1000);
  });

  it("is forgotten when the screen leaves it, and a turn in a forgotten chat answers 404 with nothing sent to the model", async () => {
    const { cookies, userId } = await chatUser();
    const first = await temporaryTurn(cookies, "Hello");
    const chatId = first.headers.get("x-conversation-id")!;
    await readStream(first);
    const discarded = await send("POST", "/api/ai-stream/temporary/discard", cookies, { conversationId: chatId });
    expect(await discarded.json()).toEqual({ discarded: true });
    expect(await heldChats(userId)).toBe(0);
    const tag = marker();
    const late = await temporaryTurn(cookies, `Still there? ${tag}`, chatId);
    expect(late.status).toBe(404);
    expect(((await late.json()) as ErrorBody).error.code).toBe("temporary_chat_ended");
    expect(await capturedFor(tag)).toEqual([]);
  });

  it("ends with its session: signing out wipes the chat it started from the hub's memory", async () => {
    const { cookies, userId } = await chatUser();
    const tab = await openTab(cookies);
    await readStream(await temporaryTurn(cookies, "Remember this for a moment"));
    expect(await heldChats(userId)).toBe(1);
    expect((await send("POST", "/api/auth/logout", cookies)).status).toBe(200);
    expect(await heldChats(userId)).toBe(0);
    tab.socket.close(1000);
  });

  it("has no versions: a temporary turn that names a parent or a message to regenerate is refused", async () => {
    const { cookies } = await chatUser();
    for (const branch of [{ regenerate: "some-message" }, { parentId: "some-message", text: "Hello" }]) {
      const refused = await send("POST", "/api/ai-stream", cookies, { turnId: crypto.randomUUID(), temporary: true, ...branch });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as ErrorBody).error.fields).toHaveProperty("temporary");
    }
  });

  it("is wiped from the hub's memory when the user's last tab closes", async () => {
    const { cookies, userId } = await chatUser();
    const tabA = await openTab(cookies);
    const tabB = await openTab(cookies);
    await readStream(await temporaryTurn(cookies, "Two tabs open"));
    expect(await heldChats(userId)).toBe(1);
    // The heartbeat of a tab holding the chat is answered like a ping.
    tabA.socket.send(REALTIME_HOLD);
    await until(async () => tabA.pongs() === 1);
    tabA.socket.close(1000);
    // Another tab is still open: the chat stays.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await heldChats(userId)).toBe(1);
    tabB.socket.close(1000);
    await until(async () => (await heldChats(userId)) === 0);
  });

  it("is wiped by the hub's alarm within 10 minutes of its last turn", async () => {
    const { cookies, userId } = await chatUser();
    const response = await temporaryTurn(cookies, "Left open");
    const chatId = response.headers.get("x-conversation-id")!;
    await readStream(response);
    const ended = Date.now();
    const hub = userHub(env, userId);
    const alarm = await runInDurableObject(hub, (_hub: UserHub, state) => state.storage.getAlarm());
    expect(alarm).not.toBeNull();
    expect(alarm! - ended).toBeLessThanOrEqual(TEMPORARY_CHAT_TTL_MS);
    // Rung early, the alarm leaves a chat that has not expired and sets itself again.
    expect(await runDurableObjectAlarm(hub)).toBe(true);
    expect(await heldChats(userId)).toBe(1);
    // Ten minutes later (the chat's expiry moved into the past), the alarm wipes it.
    await runInDurableObject(hub, (instance: UserHub) => {
      const chats = (instance.temporary as unknown as { chats: Map<string, { expiresAt: number }> }).chats;
      for (const chat of chats.values()) chat.expiresAt = Date.now() - 1;
    });
    expect(await runDurableObjectAlarm(hub)).toBe(true);
    expect(await heldChats(userId)).toBe(0);
    expect(await runInDurableObject(hub, (_hub: UserHub, state) => state.storage.getAlarm())).toBeNull();
    expect((await temporaryTurn(cookies, "Anyone?", chatId)).status).toBe(404);
  });

  it("names an Internet answer's numbered sources in its stream, and stores none of them", async () => {
    const { cookies } = await chatUser();
    const tag = marker();
    const response = await streamTurn(cookies, {
      turnId: `tmp-${tag}`,
      conversationId: null,
      text: `Look up ${tag}`,
      useInternet: true,
      temporary: true,
    });
    const payloads = await new SseReader(response).rest();
    expect(payloads.at(-1)).toBe("[DONE]");
    const { sources } = JSON.parse(payloads.at(-2)!) as { sources: { n: number; url: string }[] };
    expect(sources.map((source) => source.n)).toEqual([1, 2, 3]);
    expect(sources.every((source) => source.url.startsWith("http"))).toBe(true);
    expect(await d1Holding(tag)).toEqual([]);
  });

  it("can be stopped: the partial answer stays in the chat's memory for the next turn", async () => {
    const { cookies } = await chatUser();
    const body = { turnId: `tmp-${marker()}`, conversationId: null, text: `Go on [slow] ${marker()}`, temporary: true };
    const response = await streamTurn(cookies, body);
    const chatId = response.headers.get("x-conversation-id")!;
    const reader = new SseReader(response);
    await reader.next();
    expect(await (await send("POST", "/api/ai-stream/stop", cookies, { turnId: body.turnId })).json()).toEqual({ stopped: true });
    expect((await reader.rest()).at(-1)).toBe("[DONE]");
    const tag = marker();
    await readStream(await temporaryTurn(cookies, `Next ${tag}`, chatId));
    const [call] = await capturedFor(tag);
    expect(call!.body.messages.slice(1).map((message) => message.role)).toEqual(["user", "assistant", "user"]);
    expect(call!.body.messages[2]!.content).toMatch(/^Echo:/);
  });

  it("shares the streamed answers' rate limit, and refuses an ended session with 401 and nothing kept", async () => {
    const { cookies, userId } = await chatUser();
    // [fail] answers fast; failed calls count too, and keep nothing.
    const statuses = await Promise.all(
      Array.from({ length: STREAM_RATE_LIMIT.limit }, () => temporaryTurn(cookies, "Quick [fail]").then((response) => response.status)),
    );
    expect(new Set(statuses)).toEqual(new Set([502]));
    expect(await heldChats(userId)).toBe(0);
    const limited = await temporaryTurn(cookies, "One more");
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as ErrorBody).error.code).toBe("rate_limited");
    // The saved chat's turns count in the same window.
    expect((await streamTurn(cookies, { turnId: `t-${marker()}`, text: "Saved one" })).status).toBe(429);

    const other = await chatUser();
    expect((await send("POST", "/api/auth/logout", other.cookies)).status).toBe(200);
    const revoked = await temporaryTurn({ parley_access: other.cookies.parley_access! }, "After signing out");
    expect(revoked.status).toBe(401);
    expect(await heldChats(other.userId)).toBe(0);
  });
});
