// docs/decisions/0028-the-d1-round-trip-budget.md: a turn of a session the user's hub has seen D1 confirm, in a
// conversation whose context it holds, answers before its own D1 check returns; every revocation tells the hub first,
// and a revocation it missed is caught by the D1 check that still runs alongside, before anything is written.
import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { database } from "../../../worker/db/client";
import { userHub } from "../../../worker/realtime/events";
import { ConfirmedSessions } from "../../../worker/realtime/confirmed-sessions";
import { ContextCache } from "../../../worker/realtime/context-cache";
import type { UserHub } from "../../../worker/realtime/user-hub";
import { slowD1 } from "../support/slow-d1";
import { capturedFor, chatUser, marker, messageRows, openTab, readStream, send, streamTurn, until, type Cookies, type ErrorBody } from "./helpers";

/** How many temporary chats the user's hub holds in memory. */
const heldChats = (userId: string) => runInDurableObject(userHub(env, userId), (hub: UserHub) => hub.temporary.size);

/** Makes the user's hub reach D1 `delayMs` late, as from a distant primary. */
async function slowHubD1(userId: string, delayMs: number) {
  await runInDurableObject(userHub(env, userId), (hub: UserHub) => {
    (hub as unknown as { db: unknown }).db = database(slowD1(env.DB, delayMs));
  });
}

const messagesOf = async (userId: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM messages WHERE user_id = ?").bind(userId).first<{ n: number }>())!.n;

type HubMemory = { sessions: ConfirmedSessions; contexts: ContextCache };
const memoryOf = (hub: UserHub) => hub as unknown as HubMemory;

/** Whether the user's hub vouches for the session (ConfirmedSessions). */
const hubVouches = (userId: string, familyId: string) =>
  runInDurableObject(userHub(env, userId), (hub: UserHub) => memoryOf(hub).sessions.holds(familyId));

/** Whether the user's hub holds a copy of the conversation's context. */
const hubHoldsContext = (userId: string, conversationId: string) =>
  runInDurableObject(userHub(env, userId), (hub: UserHub) => memoryOf(hub).contexts.holds(conversationId));

/** The hub forgets what it held in memory, as when it hibernates after 10 idle seconds with only sockets open. */
const hibernate = (userId: string) =>
  runInDurableObject(userHub(env, userId), (hub: UserHub) => {
    Object.assign(hub, { sessions: new ConfirmedSessions(), contexts: new ContextCache() });
  });

/** A first turn, answered in full: its conversation. */
async function firstTurn(cookies: Cookies, text: string) {
  const first = await streamTurn(cookies, { turnId: `a-${marker()}`, text });
  const conversationId = first.headers.get("x-conversation-id")!;
  await readStream(first);
  return conversationId;
}

/** With the hub's D1 made 2 s slow, "Second" answers at once, asked after "First" and its answer. */
async function expectSecondTurnAtOnce(cookies: Cookies, userId: string, conversationId: string, tag: string) {
  await slowHubD1(userId, 2000);
  const started = Date.now();
  const second = await streamTurn(cookies, { turnId: `b-${tag}`, conversationId, text: `Second ${tag}` });
  expect(second.status).toBe(200);
  expect(Date.now() - started).toBeLessThan(2000);
  await readStream(second);
  const [call] = await capturedFor(`Second ${tag}`);
  expect(call!.body.messages.slice(1).map((message) => message.content)).toEqual([`First ${tag}`, `Echo: First ${tag}`, `Second ${tag}`]);
}

describe("a turn the hub vouches for", () => {
  it("is the first turn of a session whose tab opened the chat: the hub asked D1 when the tab connected", async () => {
    const { cookies, userId, familyId } = await chatUser();
    expect(await hubVouches(userId, familyId)).toBe(false);
    const tab = await openTab(cookies);
    await until(() => hubVouches(userId, familyId));
    await slowHubD1(userId, 2000);
    const tag = marker();
    const started = Date.now();
    const response = await streamTurn(cookies, { turnId: `a-${tag}`, text: `First ${tag}` });
    expect(response.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(2000);
    expect((await readStream(response)).text).toBe(`Echo: First ${tag}`);
    // D1 still received the turn, once its checks had passed.
    await until(async () => (await messagesOf(userId)) === 2);
    tab.socket.close(1000);
  });

  it("is a continued turn typed after the hub forgot everything: the tab said its user was typing, and the hub read ahead", async () => {
    const { cookies, userId, familyId } = await chatUser();
    const tag = marker();
    const conversationId = await firstTurn(cookies, `First ${tag}`);
    const tab = await openTab(cookies);
    await hibernate(userId);
    tab.socket.send(`composing:${conversationId}`);
    await until(async () => (await hubVouches(userId, familyId)) && (await hubHoldsContext(userId, conversationId)));
    await expectSecondTurnAtOnce(cookies, userId, conversationId, tag);
    tab.socket.close(1000);
  });

  it("reads ahead only the user's own conversations", async () => {
    const owner = await chatUser();
    const conversationId = await firstTurn(owner.cookies, "Mine");
    const other = await chatUser();
    const tab = await openTab(other.cookies);
    tab.socket.send(`composing:${conversationId}`);
    await until(() => hubVouches(other.userId, other.familyId));
    // The copy is read alongside the session check: give it time to land, had it found anything.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await hubHoldsContext(other.userId, conversationId)).toBe(false);
    tab.socket.close(1000);
  });

  it("answers before D1's check returns, from the hub's copy of the context", async () => {
    const { cookies, userId } = await chatUser();
    const tag = marker();
    const conversationId = await firstTurn(cookies, `First ${tag}`);
    // D1 answers 2 s late: a turn that waited for it would take that long to start.
    await expectSecondTurnAtOnce(cookies, userId, conversationId, tag);
    // D1 still received the turn, once its checks had passed.
    await until(async () => (await messageRows(conversationId)).length === 4);
  });

  it("refuses a session revoked by sign-out at once, though the hub had vouched for it", async () => {
    const { cookies, userId } = await chatUser();
    await readStream(await streamTurn(cookies, { turnId: `a-${marker()}`, text: "Hello" }));
    const before = await messagesOf(userId);
    expect((await send("POST", "/api/auth/logout", cookies)).status).toBe(200);
    const tag = marker();
    const response = await streamTurn({ parley_access: cookies.parley_access! }, { turnId: `t-${tag}`, text: `After sign-out ${tag}` });
    expect(response.status).toBe(401);
    expect(((await response.json()) as ErrorBody).error.code).toBe("not_signed_in");
    expect(await messagesOf(userId)).toBe(before);
  });

  it("catches a revocation the hub never heard of with the D1 check alongside: nothing written, and the next turn refused", async () => {
    const { cookies, userId, familyId } = await chatUser();
    const first = await streamTurn(cookies, { turnId: `a-${marker()}`, text: "Hello" });
    const conversationId = first.headers.get("x-conversation-id")!;
    await readStream(first);
    const before = await messagesOf(userId);
    // Revoked in D1 alone: no notice reaches the hub.
    await env.DB.prepare("UPDATE refresh_tokens SET revoked_at = ? WHERE family_id = ?").bind(Date.now(), familyId).run();
    const tag = marker();
    const caught = await streamTurn(cookies, { turnId: `t-${tag}`, conversationId, text: `Missed revocation ${tag} [slow]` });
    // Refused before the model answered (401), or its answer cut off by an error: never a complete answer.
    if (caught.status === 200) expect((await readStream(caught)).text).not.toContain("more39");
    else expect(caught.status).toBe(401);
    await until(async () => (await capturedFor(tag)).every((request) => request.aborted));
    expect(await messagesOf(userId)).toBe(before);
    const next = await streamTurn({ parley_access: cookies.parley_access! }, { turnId: `n-${tag}`, conversationId, text: `Again ${tag}` });
    expect(next.status).toBe(401);
    expect(await messagesOf(userId)).toBe(before);
  });

  it("regenerates the last answer before D1's check returns, from the hub's memory of the question and its context", async () => {
    const { cookies, userId } = await chatUser();
    const tag = marker();
    const first = await streamTurn(cookies, { turnId: `a-${tag}`, text: `First ${tag}` });
    const conversationId = first.headers.get("x-conversation-id")!;
    await readStream(first);
    await readStream(await streamTurn(cookies, { turnId: `b-${tag}`, conversationId, text: `Second ${tag}` }));
    const asked = (await messageRows(conversationId)).find((row) => row.content === `Second ${tag}`)!;
    await slowHubD1(userId, 2000);
    const started = Date.now();
    const again = await streamTurn(cookies, { turnId: `r-${tag}`, conversationId, regenerate: asked.id });
    expect(again.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(2000);
    expect((await readStream(again)).text).toBe(`Echo: Second ${tag}`);
    const calls = await capturedFor(`Second ${tag}`);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.body.messages.slice(1).map((message) => message.content)).toEqual([`First ${tag}`, `Echo: First ${tag}`, `Second ${tag}`]);
    // The second answer is a sibling of the first, under the same question, once D1's checks have passed.
    await until(
      async () => (await messageRows(conversationId)).filter((row) => row.role === "assistant" && row.content === `Echo: Second ${tag}`).length === 2,
    );
  });

  it("starts a temporary chat's answer before D1's check returns, for a session the hub vouches for", async () => {
    const { cookies, userId } = await chatUser();
    await readStream(await streamTurn(cookies, { turnId: `a-${marker()}`, text: "Hello" }));
    await slowHubD1(userId, 2000);
    const tag = marker();
    const started = Date.now();
    const response = await streamTurn(cookies, { turnId: `t-${tag}`, conversationId: null, text: `Temporary ${tag}`, temporary: true });
    expect(response.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(2000);
    expect((await readStream(response)).text).toBe(`Echo: Temporary ${tag}`);
  });

  it("ends a vouched temporary answer when D1 finds its session revoked: the chat forgotten, the next turn refused", async () => {
    const { cookies, userId, familyId } = await chatUser();
    await readStream(await streamTurn(cookies, { turnId: `a-${marker()}`, text: "Hello" }));
    // Revoked in D1 alone: no notice reaches the hub, which still vouches for the session.
    await env.DB.prepare("UPDATE refresh_tokens SET revoked_at = ? WHERE family_id = ?").bind(Date.now(), familyId).run();
    const tag = marker();
    const caught = await streamTurn(cookies, { turnId: `t-${tag}`, conversationId: null, text: `Missed revocation ${tag} [slow]`, temporary: true });
    if (caught.status === 200) {
      const { payloads, text } = await readStream(caught);
      expect(text).not.toContain("more39");
      // The answer ends with the refusal, not a quiet end.
      expect(payloads.at(-1)).toContain("Not signed in");
    } else expect(caught.status).toBe(401);
    await until(async () => (await capturedFor(tag)).every((request) => request.aborted));
    expect(await heldChats(userId)).toBe(0);
    const next = await streamTurn(
      { parley_access: cookies.parley_access! },
      { turnId: `n-${tag}`, conversationId: null, text: `Again ${tag}`, temporary: true },
    );
    expect(next.status).toBe(401);
  });
});
