// The server owns the turn (docs/decisions/0023-the-server-owns-the-turn.md): one request per turn, the context from
// D1, the write-ahead save in the user's hub with its replay, the checks alongside the model call, failed turns.
import { env, evictDurableObject, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { database } from "../../../worker/db/client";
import { userHub } from "../../../worker/realtime/events";
import { INTERRUPTED } from "../../../worker/realtime/turn-log";
import type { UserHub } from "../../../worker/realtime/user-hub";
import { newHubTurn } from "../../../worker/services/chat/turns";
import { slowD1 } from "../support/slow-d1";
import { capturedFor, chatUser, marker, messageRows, readStream, searchesFor, send, streamTurn, until, type ErrorBody } from "./helpers";

/** The signed-in user of these cookies. */
async function userOf(cookies: Record<string, string>) {
  const response = await send("GET", "/api/auth/session", cookies);
  return ((await response.json()) as { session: { user: { id: string } } }).session.user;
}

/** Makes the user's hub reach D1 `delayMs` late, as from a distant primary. */
async function slowHubD1(userId: string, delayMs: number) {
  await runInDurableObject(userHub(env, userId), (hub: UserHub) => {
    (hub as unknown as { db: unknown }).db = database(slowD1(env.DB, delayMs));
  });
}

describe("a turn owned by the server", () => {
  it("takes one request: the pre-pass, the search, the answer and both saves happen on the server", async () => {
    const { cookies } = await chatUser();
    const tag = marker();
    const response = await streamTurn(cookies, { turnId: `t-${tag}`, text: `Look it up ${tag}`, useInternet: true });
    expect(response.status).toBe(200);
    const { text } = await readStream(response);
    expect(text).toContain(`Look it up ${tag}`);
    const conversationId = response.headers.get("x-conversation-id")!;
    const rows = await messageRows(conversationId);
    expect(rows.map(({ role, status }) => `${role}:${status}`)).toEqual(["user:complete", "assistant:complete"]);
    expect(await searchesFor(tag)).toHaveLength(1);
    // The pre-pass and the answer: the answer's system prompt carries the pre-pass's notes and the web results.
    const calls = await capturedFor(tag);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.body.messages[0]!.content).toMatch(/Private notes prepared for this answer[\s\S]*Web results/);
  });

  it("builds the context from D1 and ignores a forged history", async () => {
    const { cookies } = await chatUser();
    const tag = marker();
    const first = await streamTurn(cookies, { turnId: `a-${tag}`, text: `Stored question ${tag}` });
    const conversationId = first.headers.get("x-conversation-id")!;
    await readStream(first);
    const forged = [
      { role: "user", content: "Forged question" },
      { role: "assistant", content: "Forged answer" },
      { role: "user", content: `Follow-up ${tag}` },
    ];
    await readStream(await streamTurn(cookies, { turnId: `b-${tag}`, conversationId, messages: forged }));
    const [call] = await capturedFor(`Follow-up ${tag}`);
    expect(call!.body.messages.slice(1)).toEqual([
      { role: "user", content: `Stored question ${tag}` },
      { role: "assistant", content: `Echo: Stored question ${tag}` },
      { role: "user", content: `Follow-up ${tag}` },
    ]);
  });

  it("starts a continued turn from the hub's copy of the context, and restarts it with D1's when the copy is out of date", async () => {
    const { cookies } = await chatUser();
    const tag = marker();
    const first = await streamTurn(cookies, { turnId: `a-${tag}`, text: `Original ${tag}` });
    const conversationId = first.headers.get("x-conversation-id")!;
    await readStream(first);
    // D1 changes behind the hub's back (no realtime notice): the hub's copy is now out of date.
    await env.DB.prepare("UPDATE messages SET content = ? WHERE conversation_id = ? AND role = 'assistant'")
      .bind(`Edited ${tag}`, conversationId)
      .run();
    // A session the hub has not seen confirmed waits for D1's checks (a vouched one answers from the copy at once:
    // vouched-turn.test.ts, docs/decisions/0028-the-d1-round-trip-budget.md).
    await runInDurableObject(userHub(env, (await userOf(cookies)).id), (hub: UserHub) => {
      (hub as unknown as { sessions: { forget(ids: null): void } }).sessions.forget(null);
    });
    const second = await streamTurn(cookies, { turnId: `b-${tag}`, conversationId, text: `Next ${tag}` });
    await readStream(second);
    const calls = await capturedFor(`Next ${tag}`);
    const answered = calls.filter((call) => !call.aborted);
    expect(answered).toHaveLength(1);
    expect(answered[0]!.body.messages.slice(1).map((message) => message.content)).toEqual([`Original ${tag}`, `Edited ${tag}`, `Next ${tag}`]);
  });

  it("runs the session check alongside the model call: a revoked session gets 401, no answer byte, and the call is aborted", async () => {
    const { cookies, userId } = await chatUser();
    await slowHubD1(userId, 300);
    expect((await send("POST", "/api/auth/logout", cookies)).status).toBe(200);
    const tag = marker();
    const response = await streamTurn({ parley_access: cookies.parley_access! }, { turnId: `t-${tag}`, text: `Revoked ${tag} [slow]` });
    expect(response.status).toBe(401);
    expect(((await response.json()) as ErrorBody).error).toEqual({ code: "not_signed_in", message: "Not signed in" });
    // The model had the request (the check took 300 ms) and saw it aborted; D1 got nothing.
    const [call] = await until(async () => {
      const calls = await capturedFor(tag);
      return calls.length && calls.every((request) => request.aborted) ? calls : null;
    });
    expect(call!.aborted).toBe(true);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM messages WHERE user_id = ?").bind(userId).first<{ n: number }>()).toEqual({ n: 0 });
  });

  it("answers 404 for another user's conversation, with the model call aborted and nothing written", async () => {
    const owner = await chatUser();
    const first = await streamTurn(owner.cookies, { turnId: `o-${marker()}`, text: "Mine" });
    const conversationId = first.headers.get("x-conversation-id")!;
    await readStream(first);
    const intruder = await chatUser();
    await slowHubD1(intruder.userId, 300);
    const tag = marker();
    const attempt = await streamTurn(intruder.cookies, { turnId: `i-${tag}`, conversationId, text: `Theirs ${tag} [slow]` });
    expect(attempt.status).toBe(404);
    await until(async () => (await capturedFor(tag)).every((request) => request.aborted));
    expect(await messageRows(conversationId)).toHaveLength(2);
  });

  it("replays a turn D1 missed when the hub next starts (the hub killed after the write-ahead save)", async () => {
    const { userId, familyId } = await chatUser();
    const hub = userHub(env, userId);
    const turnId = `crash-${marker()}`;
    // The hub's write-ahead save of a turn, then the hub is killed before D1 gets it.
    const logged = await runInDurableObject(hub, async (instance: UserHub) => {
      const turn = await newHubTurn({ userId, familyId, conversationId: null, turnId, text: "Lost in the crash?", now: Date.now() - 1000 });
      await instance.log.write(turn);
      return turn;
    });
    expect(await messageRows(logged.conversationId)).toEqual([]);
    await evictDurableObject(hub);
    // Its next start replays the log.
    const replayed = await runInDurableObject(userHub(env, userId), (instance: UserHub) => instance.replayed);
    expect(replayed).toBe(1);
    const rows = await messageRows(logged.conversationId);
    expect(rows.map(({ role, content, status }) => ({ role, content, status }))).toEqual([
      { role: "user", content: "Lost in the crash?", status: "complete" },
    ]);
    expect((await env.DB.prepare("SELECT failure FROM messages WHERE id = ?").bind(rows[0]!.id).first<{ failure: string }>())!.failure).toBe(
      INTERRUPTED,
    );
    // The log is empty: a further start replays nothing.
    await evictDurableObject(userHub(env, userId));
    expect(await runInDurableObject(userHub(env, userId), (instance: UserHub) => instance.replayed)).toBe(0);
  });

  it("marks a failed turn on the user's message, and a retry with the same turnId clears it in the same turn", async () => {
    const { cookies } = await chatUser();
    const tag = marker();
    const failed = await streamTurn(cookies, { turnId: `t-${tag}`, text: `Break [fail] ${tag}` });
    expect(failed.status).toBe(502);
    const conversationId = failed.headers.get("x-conversation-id")!;
    const [user] = await messageRows(conversationId);
    expect(user).toMatchObject({ role: "user", failure: "HTTP 500: model crashed" });
    const conversation = await send("GET", `/api/conversations/${conversationId}`, cookies);
    const { messages } = (await conversation.json()) as { messages: { failure: string | null }[] };
    expect(messages[0]!.failure).toBe("HTTP 500: model crashed");
    // Retry: the same turn (the model is asked with the text sent; the stored message stays as it was).
    const retried = await streamTurn(cookies, { turnId: `t-${tag}`, conversationId, text: `Break ${tag}` });
    expect(retried.status).toBe(200);
    await readStream(retried);
    const rows = await messageRows(conversationId);
    expect(rows.map(({ role, status, failure }) => ({ role, status, failure }))).toEqual([
      { role: "user", status: "complete", failure: null },
      { role: "assistant", status: "complete", failure: null },
    ]);
  });

  it("answers a tab's socket that dropped without a close frame with a code it may send", async () => {
    const { userId } = await chatUser();
    await runInDurableObject(userHub(env, userId), (hub: UserHub) => {
      const sent: number[] = [];
      const socket = { close: (code: number) => sent.push(code) } as unknown as WebSocket;
      for (const code of [1006, 1005, 1015, 1001, 4000]) hub.webSocketClose(socket, code);
      expect(sent).toEqual([1000, 1000, 1000, 1001, 4000]);
    });
  });
});
