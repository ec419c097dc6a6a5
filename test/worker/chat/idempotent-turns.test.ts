// One turnId is one turn, whatever the path (docs/decisions/0023-the-server-owns-the-turn.md): concurrent saves of a
// new chat's first turn, and a stream followed by a save, all land in one conversation with one pair of messages.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ChatTurnResult } from "@core/schemas/chat";
import { chatUser, marker, messageRows, readStream, send, streamTurn } from "./helpers";

const conversationCount = async (userId: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM conversations WHERE user_id = ?").bind(userId).first<{ n: number }>())!.n;

describe("idempotent turns", () => {
  it("20 concurrent saves of a new chat with the same turnId create one conversation with one pair of messages", async () => {
    const { cookies, userId } = await chatUser();
    const turn = { turnId: `t-${marker()}`, message: "Once only", assistantText: "Saved once." };
    const responses = await Promise.all(Array.from({ length: 20 }, () => send("POST", "/api/ai", cookies, turn)));
    const bodies = (await Promise.all(responses.map((response) => response.json()))) as ChatTurnResult[];
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(200));
    expect(new Set(bodies.map((body) => body.conversationId)).size).toBe(1);
    expect(await conversationCount(userId)).toBe(1);
    const rows = await messageRows(bodies[0]!.conversationId);
    expect(rows.map(({ role, content }) => `${role}:${content}`)).toEqual(["user:Once only", "assistant:Saved once."]);
  });

  it("a streamed new chat and a later save of the same turn without its conversation id share one conversation", async () => {
    const { cookies, userId } = await chatUser();
    const turnId = `t-${marker()}`;
    const response = await streamTurn(cookies, { turnId, messages: [{ role: "user", content: "Stream then save" }] });
    const { text } = await readStream(response);
    const saved = await send("POST", "/api/ai", cookies, { turnId, message: "Stream then save", assistantText: text });
    expect(((await saved.json()) as ChatTurnResult).conversationId).toBe(response.headers.get("x-conversation-id"));
    expect(await conversationCount(userId)).toBe(1);
    expect(await messageRows(response.headers.get("x-conversation-id")!)).toHaveLength(2);
  });

  it("another user's save of the same turnId makes their own conversation", async () => {
    const [first, second] = [await chatUser(), await chatUser()];
    const turn = { turnId: `t-${marker()}`, message: "Same id", assistantText: "Answer." };
    const a = (await (await send("POST", "/api/ai", first.cookies, turn)).json()) as ChatTurnResult;
    const b = (await (await send("POST", "/api/ai", second.cookies, turn)).json()) as ChatTurnResult;
    expect(a.conversationId).not.toBe(b.conversationId);
    expect(await conversationCount(second.userId)).toBe(1);
  });
});
