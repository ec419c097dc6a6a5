// /api/conversations: list, read, rename, archive, delete, all filtered by the signed-in user.
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ChatMessage, ConversationSummary } from "@core/schemas/chat";
import { database, type Database } from "../../../worker/db/client";
import { newHubTurn, recordTurn, saveTurn } from "../../../worker/services/chat/turns";
import { getWithCookies } from "../support/auth";
import { ORIGIN } from "../support/requests";
import { chatUser, marker, messageRows, send, type Cookies, type ErrorBody } from "./helpers";

async function newConversation(cookies: Cookies, message: string, assistantText = `Answer to ${message}`) {
  const response = await send("POST", "/api/ai", cookies, { turnId: `t-${marker()}`, message, assistantText });
  expect(response.status).toBe(200);
  return ((await response.json()) as { conversationId: string }).conversationId;
}

async function list(cookies: Cookies) {
  const response = await getWithCookies("/api/conversations", cookies);
  expect(response.status).toBe(200);
  return ((await response.json()) as { conversations: ConversationSummary[] }).conversations;
}

async function patch(cookies: Cookies, id: string, body: unknown) {
  const response = await send("PATCH", `/api/conversations/${id}`, cookies, body);
  return { status: response.status, body: (await response.json()) as { conversation: ConversationSummary } & ErrorBody };
}

describe("/api/conversations", () => {
  it("lists the user's non-archived conversations, newest update first", async () => {
    const { cookies } = await chatUser();
    const first = await newConversation(cookies, "First");
    const second = await newConversation(cookies, "Second");
    const third = await newConversation(cookies, "Third");
    // A new turn in the first conversation moves it to the top.
    await send("POST", "/api/ai", cookies, { conversationId: first, turnId: `t-${marker()}`, message: "Again", assistantText: "Yes" });
    expect((await list(cookies)).map(({ id }) => id)).toEqual([first, third, second]);
    const archived = await patch(cookies, third, { archived: true });
    expect(archived.body.conversation).toMatchObject({ id: third, archived: true });
    expect((await list(cookies)).map(({ id }) => id)).toEqual([first, second]);
    const restored = await patch(cookies, third, { archived: false });
    expect(restored.body.conversation.archived).toBe(false);
    expect((await list(cookies)).map(({ id }) => id)).toContain(third);
    // Other users' conversations are not listed.
    const other = await chatUser();
    expect(await list(other.cookies)).toEqual([]);
  });

  it("reads a conversation with its messages, oldest first", async () => {
    const { cookies } = await chatUser();
    const id = await newConversation(cookies, "Hello");
    await send("POST", "/api/ai", cookies, { conversationId: id, turnId: `t-${marker()}`, message: "More", assistantText: "Sure" });
    const response = await getWithCookies(`/api/conversations/${id}`, cookies);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { conversation: ConversationSummary; messages: ChatMessage[] };
    expect(body.conversation).toMatchObject({ id, title: "Hello", archived: false });
    expect(body.messages.map(({ role, content, status, conversationId }) => ({ role, content, status, conversationId }))).toEqual([
      { role: "user", content: "Hello", status: "complete", conversationId: id },
      { role: "assistant", content: "Answer to Hello", status: "complete", conversationId: id },
      { role: "user", content: "More", status: "complete", conversationId: id },
      { role: "assistant", content: "Sure", status: "complete", conversationId: id },
    ]);
  });

  it("renames with a trimmed title; an empty or unchanged title changes nothing", async () => {
    const { cookies } = await chatUser();
    const id = await newConversation(cookies, "Original title");
    const renamed = await patch(cookies, id, { title: "  Trip   planning  " });
    expect(renamed.status).toBe(200);
    expect(renamed.body.conversation.title).toBe("Trip planning");
    const row = await env.DB.prepare("SELECT title, title_is_custom, updated_at FROM conversations WHERE id = ?")
      .bind(id)
      .first<{ title: string; title_is_custom: number; updated_at: number }>();
    expect(row).toMatchObject({ title: "Trip planning", title_is_custom: 1 });

    for (const title of ["", "   ", "Trip planning", " Trip planning "]) {
      const unchanged = await patch(cookies, id, { title });
      expect(unchanged.status).toBe(200);
      expect(unchanged.body.conversation).toMatchObject({ id, title: "Trip planning" });
    }
    expect(await env.DB.prepare("SELECT title, updated_at FROM conversations WHERE id = ?").bind(id).first()).toEqual({
      title: "Trip planning",
      updated_at: row!.updated_at,
    });
    // Long titles are cut to 200 characters; over 500 is refused.
    expect((await patch(cookies, id, { title: "x".repeat(300) })).body.conversation.title).toHaveLength(200);
    expect((await patch(cookies, id, { title: "x".repeat(501) })).status).toBe(400);
  });

  it("deletes a conversation and its messages (204)", async () => {
    const { cookies } = await chatUser();
    const id = await newConversation(cookies, "Delete me");
    const response = await send("DELETE", `/api/conversations/${id}`, cookies);
    expect(response.status).toBe(204);
    expect(await messageRows(id)).toEqual([]);
    expect((await getWithCookies(`/api/conversations/${id}`, cookies)).status).toBe(404);
    expect((await send("DELETE", `/api/conversations/${id}`, cookies)).status).toBe(404);
  });

  it("answers 404 for another user's conversation on every read and write, and leaves it unchanged", async () => {
    const owner = await chatUser();
    const id = await newConversation(owner.cookies, "Private");
    const intruder = await chatUser();
    const attempts = [
      getWithCookies(`/api/conversations/${id}`, intruder.cookies),
      send("PATCH", `/api/conversations/${id}`, intruder.cookies, { title: "Mine now" }),
      send("PATCH", `/api/conversations/${id}`, intruder.cookies, { archived: true }),
      send("DELETE", `/api/conversations/${id}`, intruder.cookies),
      getWithCookies("/api/conversations/no-such-id", owner.cookies),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(404);
      expect(((await response.json()) as ErrorBody).error).toEqual({ code: "not_found", message: "Conversation not found." });
    }
    expect(await env.DB.prepare("SELECT title, archived FROM conversations WHERE id = ?").bind(id).first()).toEqual({
      title: "Private",
      archived: 0,
    });
    expect(await messageRows(id)).toHaveLength(2);
  });

  it("answers 401 Not signed in on every route when signed out", async () => {
    const requests = [
      SELF.fetch(`${ORIGIN}/api/conversations`),
      SELF.fetch(`${ORIGIN}/api/conversations/abc`),
      SELF.fetch(`${ORIGIN}/api/conversations/abc`, {
        method: "PATCH",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ title: "x" }),
      }),
      SELF.fetch(`${ORIGIN}/api/conversations/abc`, { method: "DELETE" }),
    ];
    for (const response of await Promise.all(requests)) {
      expect(response.status).toBe(401);
      expect(((await response.json()) as ErrorBody).error.message).toBe("Not signed in");
    }
  });
});

/** A streamed turn as the hub records it in D1 once its checks have passed. */
async function startTurn(db: Database, target: { userId: string; familyId: string; conversationId: string | null; turnId: string; message: string }) {
  return recordTurn(db, await newHubTurn({ ...target, text: target.message }));
}

describe("chat store", () => {
  /** startTurn for a turn that must start. */
  async function started(db: Database, target: Parameters<typeof startTurn>[1]) {
    const turn = await startTurn(db, target);
    if (typeof turn === "string") throw new Error(`turn refused: ${turn}`);
    return turn;
  }

  it("fills in an answer left empty while streaming when the turn is saved, but never overwrites a stored one", async () => {
    const { userId, familyId } = await chatUser();
    const db = database(env.DB);
    const turn = await started(db, { userId, familyId, conversationId: null, turnId: "t-store", message: "Hi" });
    expect(turn.assistantMessage).toMatchObject({ status: "streaming", content: "" });
    const saved = await saveTurn(db, { userId, conversationId: turn.conversation.id, turnId: "t-store", message: "Hi", assistantText: "Hello!" });
    expect(saved).toMatchObject({
      userMessageCreated: false,
      assistantChanged: true,
      assistantMessage: { id: turn.assistantMessage.id, status: "complete", content: "Hello!" },
    });
    const again = await saveTurn(db, { userId, conversationId: turn.conversation.id, turnId: "t-store", message: "Hi", assistantText: "Changed" });
    expect(again).toMatchObject({ assistantChanged: false, assistantMessage: { content: "Hello!" } });
    expect(await messageRows(turn.conversation.id)).toHaveLength(2);
  });

  it("starts no turn in another user's conversation: nothing is written and nothing of theirs is read", async () => {
    const owner = await chatUser();
    const intruder = await chatUser();
    const db = database(env.DB);
    const mine = await started(db, { userId: owner.userId, familyId: owner.familyId, conversationId: null, turnId: "t-owned", message: "Private" });
    const before = await messageRows(mine.conversation.id);
    // Even with the owner's own turn id, which would otherwise match their rows.
    const intruding = { userId: intruder.userId, familyId: intruder.familyId, turnId: "t-owned", message: "Intruding" };
    expect(await startTurn(db, { ...intruding, conversationId: mine.conversation.id })).toBe("not_found");
    expect(await startTurn(db, { ...intruding, conversationId: crypto.randomUUID() })).toBe("not_found");
    // Nor with the owner's session id: the session must be the user's own.
    expect(await startTurn(db, { ...intruding, familyId: owner.familyId, conversationId: null })).toBe("session_ended");
    expect(await saveTurn(db, { ...intruding, conversationId: mine.conversation.id, assistantText: "x" })).toBe("not_found");
    expect(await messageRows(mine.conversation.id)).toEqual(before);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM conversations WHERE user_id = ?").bind(intruder.userId).first<{ n: number }>()).toEqual({
      n: 0,
    });
  });

  it("starts no turn for a session that has ended (signed out, or the account deleted), in a new conversation or an existing one", async () => {
    const { cookies, userId, familyId } = await chatUser();
    const db = database(env.DB);
    const existing = await started(db, { userId, familyId, conversationId: null, turnId: "t-before", message: "Before" });
    expect((await send("POST", "/api/auth/logout", cookies)).status).toBe(200);
    expect(await startTurn(db, { userId, familyId, conversationId: null, turnId: "t-after", message: "After" })).toBe("session_ended");
    expect(await startTurn(db, { userId, familyId, conversationId: existing.conversation.id, turnId: "t-after", message: "After" })).toBe(
      "session_ended",
    );
    expect(await messageRows(existing.conversation.id)).toHaveLength(2);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM conversations WHERE user_id = ?").bind(userId).first<{ n: number }>()).toEqual({ n: 1 });
    const gone = crypto.randomUUID();
    expect(await startTurn(db, { userId: gone, familyId, conversationId: null, turnId: "t-gone", message: "Nobody" })).toBe("session_ended");
  });
});
