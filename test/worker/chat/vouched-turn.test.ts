// docs/decisions/0028-the-d1-round-trip-budget.md: a turn of a session the user's hub has seen D1 confirm, in a
// conversation whose context it holds, answers before its own D1 check returns; every revocation tells the hub first,
// and a revocation it missed is caught by the D1 check that still runs alongside, before anything is written.
import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { database } from "../../../worker/db/client";
import { userHub } from "../../../worker/realtime/events";
import type { UserHub } from "../../../worker/realtime/user-hub";
import { slowD1 } from "../support/slow-d1";
import { capturedFor, chatUser, marker, messageRows, readStream, send, streamTurn, until, type ErrorBody } from "./helpers";

/** Makes the user's hub reach D1 `delayMs` late, as from a distant primary. */
async function slowHubD1(userId: string, delayMs: number) {
  await runInDurableObject(userHub(env, userId), (hub: UserHub) => {
    (hub as unknown as { db: unknown }).db = database(slowD1(env.DB, delayMs));
  });
}

const messagesOf = async (userId: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM messages WHERE user_id = ?").bind(userId).first<{ n: number }>())!.n;

describe("a turn the hub vouches for", () => {
  it("answers before D1's check returns, from the hub's copy of the context", async () => {
    const { cookies, userId } = await chatUser();
    const tag = marker();
    const first = await streamTurn(cookies, { turnId: `a-${tag}`, text: `First ${tag}` });
    const conversationId = first.headers.get("x-conversation-id")!;
    await readStream(first);
    // D1 now answers 2 s late: a turn that waited for it would take that long to start.
    await slowHubD1(userId, 2000);
    const started = Date.now();
    const second = await streamTurn(cookies, { turnId: `b-${tag}`, conversationId, text: `Second ${tag}` });
    expect(second.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(2000);
    await readStream(second);
    const [call] = await capturedFor(`Second ${tag}`);
    expect(call!.body.messages.slice(1).map((message) => message.content)).toEqual([`First ${tag}`, `Echo: First ${tag}`, `Second ${tag}`]);
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
});
