// A chat turn when D1 cannot be reached: a 503 "unavailable" that asks the user to send again or, for an answer the
// hub had let start (docs/decisions/0028-the-d1-round-trip-budget.md), an error event that ends it. Either way nothing
// is written, the model call is aborted, the session stays signed in, and the hub throws nothing uncaught.
import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { database } from "../../../worker/db/client";
import { userHub } from "../../../worker/realtime/events";
import type { UserHub } from "../../../worker/realtime/user-hub";
import { unreachableD1 } from "../support/slow-d1";
import { capturedFor, chatUser, marker, messageRows, readStream, streamTurn, until, type Cookies, type ErrorBody } from "./helpers";

/** The user's hub reaches D1 (`reachable`) or fails every call, as when D1 cannot be reached. */
const hubReachesD1 = (userId: string, reachable: boolean) =>
  runInDurableObject(userHub(env, userId), (hub: UserHub) => {
    (hub as unknown as { db: unknown }).db = database(reachable ? env.DB : unreachableD1());
  });

const messagesOf = async (userId: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM messages WHERE user_id = ?").bind(userId).first<{ n: number }>())!.n;

const SAVED_TURN_UNCHECKED = "Your message could not be checked, so it was not saved. Please send it again.";
const TEMPORARY_TURN_UNCHECKED = "Your session could not be checked. Please send your message again.";

/** A refusal 503 "unavailable" with Retry-After, or an answer that had started and ends with `message`. */
async function expectUnavailable(response: Response, message: string, { started }: { started: "never" | "maybe" }) {
  if (started === "maybe" && response.status === 200) {
    const { payloads } = await readStream(response);
    expect(payloads.at(-1)).toContain(message);
    return;
  }
  expect(response.status).toBe(503);
  expect(response.headers.get("retry-after")).toBe("5");
  expect(((await response.json()) as ErrorBody).error).toMatchObject({ code: "unavailable", message });
}

/**
 * With the hub's D1 unreachable, a turn sent with `where` fails as `expectUnavailable` says, its model call is aborted;
 * once D1 answers again, the same user sends again and is answered (the session was not signed out).
 */
async function lostThenFound(cookies: Cookies, userId: string, where: Record<string, unknown>, message: string, started: "never" | "maybe") {
  await hubReachesD1(userId, false);
  const tag = marker();
  const response = await streamTurn(cookies, { ...where, turnId: `t-${tag}`, text: `Lost ${tag} [slow]` });
  await expectUnavailable(response, message, { started });
  await until(async () => (await capturedFor(tag)).every((request) => request.aborted));
  await hubReachesD1(userId, true);
  const again = await streamTurn(cookies, { ...where, turnId: `u-${tag}`, text: `Found ${tag}` });
  expect(again.status).toBe(200);
  expect((await readStream(again)).text).toBe(`Echo: Found ${tag}`);
}

/** A first turn of the user's, answered in full (after it the hub vouches for the session): its conversation. */
async function firstTurn(cookies: Cookies) {
  const first = await streamTurn(cookies, { turnId: `a-${marker()}`, text: "Hello" });
  await readStream(first);
  return first.headers.get("x-conversation-id")!;
}

describe("a chat turn when D1 cannot be reached", () => {
  it("answers a new chat 503 unavailable with Retry-After, writes nothing and aborts the model call", async () => {
    const { cookies, userId } = await chatUser();
    await lostThenFound(cookies, userId, {}, SAVED_TURN_UNCHECKED, "never");
    // Only the turn sent once D1 was back: one question, one answer.
    expect(await messagesOf(userId)).toBe(2);
  });

  it("ends a continued turn the hub had let start, with nothing written", async () => {
    const { cookies, userId } = await chatUser();
    const conversationId = await firstTurn(cookies);
    await lostThenFound(cookies, userId, { conversationId }, SAVED_TURN_UNCHECKED, "maybe");
    expect((await messageRows(conversationId)).map((row) => row.content)).not.toContainEqual(expect.stringContaining("Lost"));
    expect(await messageRows(conversationId)).toHaveLength(4);
  });

  it("answers a temporary chat 503 unavailable, and the session stays signed in", async () => {
    const { cookies, userId } = await chatUser();
    await lostThenFound(cookies, userId, { conversationId: null, temporary: true }, TEMPORARY_TURN_UNCHECKED, "never");
  });

  it("ends a vouched temporary answer whose session check could not run, without signing the session out", async () => {
    const { cookies, userId } = await chatUser();
    await firstTurn(cookies);
    await lostThenFound(cookies, userId, { conversationId: null, temporary: true }, TEMPORARY_TURN_UNCHECKED, "maybe");
  });
});
