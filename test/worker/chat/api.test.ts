// POST /api/ai (saving a turn, a server-side answer, the thinking pre-pass) and GET /api/ai/config.
import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BLANK_MESSAGE, type ChatConfig, type ChatTurnResult, type ThinkingResult } from "@core/schemas/chat";
import worker from "../../../worker/index";
import { NOT_CONFIGURED_MESSAGE } from "../../../worker/services/ai";
import { ORIGIN, postJson } from "../support/requests";
import { cookieHeader } from "../support/auth";
import { ask, capturedFor, chatUser, marker, messageRows, readStream, searchesFor, send, streamTurn, type Cookies, type ErrorBody } from "./helpers";

async function saveTurn(cookies: Cookies, body: Record<string, unknown>) {
  const response = await send("POST", "/api/ai", cookies, body);
  return { status: response.status, body: (await response.json()) as ChatTurnResult & ErrorBody };
}

describe("POST /api/ai: saving a turn", () => {
  it("creates the conversation and saves both messages; the same turn saved again duplicates nothing", async () => {
    const { cookies } = await chatUser();
    const turn = { turnId: `t-${marker()}`, message: "What is D1?", assistantText: "<think>Recall.</think>D1 is SQLite at the edge." };
    const first = await saveTurn(cookies, turn);
    expect(first.status).toBe(200);
    const { conversationId, userMessageId, assistantMessageId } = first.body;
    expect(conversationId && userMessageId && assistantMessageId).toBeTruthy();

    const again = await saveTurn(cookies, { ...turn, conversationId });
    expect(again.body).toEqual(first.body);
    const changed = await saveTurn(cookies, { ...turn, conversationId, assistantText: "Another text" });
    expect(changed.body).toEqual(first.body);

    const rows = await messageRows(conversationId);
    expect(rows.map(({ role, content, status }) => ({ role, content, status }))).toEqual([
      { role: "user", content: "What is D1?", status: "complete" },
      { role: "assistant", content: "D1 is SQLite at the edge.", status: "complete" },
    ]);
  });

  it("after a stream, saving the same turn duplicates nothing and keeps the server's answer", async () => {
    const { cookies } = await chatUser();
    const body = ask(`Save me once ${marker()}`);
    const response = await streamTurn(cookies, body);
    const conversationId = response.headers.get("x-conversation-id")!;
    const { text } = await readStream(response);
    const saved = await saveTurn(cookies, { conversationId, turnId: body.turnId, message: body.messages[0]!.content, assistantText: text });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ conversationId, assistantMessageId: response.headers.get("x-message-id") });
    const rows = await messageRows(conversationId);
    expect(rows.map(({ role, status }) => `${role}:${status}`)).toEqual(["user:complete", "assistant:complete"]);
  });

  it("keeps skipStrip answers whole", async () => {
    const { cookies } = await chatUser();
    const saved = await saveTurn(cookies, { turnId: `t-${marker()}`, message: "Raw", assistantText: "<think>x</think>y", skipStrip: true });
    const rows = await messageRows(saved.body.conversationId);
    expect(rows[1]!.content).toBe("<think>x</think>y");
  });

  it("without assistantText, answers with the model (not streamed), saves it and returns the text", async () => {
    const { cookies } = await chatUser();
    const tag = marker();
    const saved = await saveTurn(cookies, { message: `Answer me [think] ${tag}`, longMode: true });
    expect(saved.status).toBe(200);
    expect(saved.body.assistantText).toBe(`Echo: Answer me  ${tag}`);
    const rows = await messageRows(saved.body.conversationId);
    expect(rows.map(({ role, content }) => ({ role, content }))).toEqual([
      { role: "user", content: `Answer me [think] ${tag}` },
      { role: "assistant", content: `Echo: Answer me  ${tag}` },
    ]);
    const [request] = await capturedFor(tag);
    expect(request!.body.max_tokens).toBe(2048);
  });

  it("without assistantText, an upstream failure answers 502 with the error text and keeps the user's message", async () => {
    const { cookies } = await chatUser();
    const response = await send("POST", "/api/ai", cookies, { turnId: `t-${marker()}`, message: "Fail [fail]" });
    expect(response.status).toBe(502);
    expect(((await response.json()) as ErrorBody).error.message).toBe("HTTP 500: model crashed");
  });

  it('refuses a blank message (the screen\'s "Save failed" shows the message)', async () => {
    const { cookies } = await chatUser();
    const { status, body } = await saveTurn(cookies, { message: "  ", assistantText: "x" });
    expect(status).toBe(400);
    expect(body.error.message).toBe(BLANK_MESSAGE);
  });

  it("answers 404 for another user's conversation, and 401 when signed out", async () => {
    const owner = await chatUser();
    const { body } = await saveTurn(owner.cookies, { turnId: "t-own", message: "Mine", assistantText: "Yes" });
    const intruder = await chatUser();
    for (const attempt of [
      { conversationId: body.conversationId, turnId: "t-x", message: "Theirs", assistantText: "No" },
      { conversationId: body.conversationId, message: "Theirs" },
      { conversationId: body.conversationId, message: "Theirs", mode: "thinking", noPersist: true },
    ]) {
      const response = await saveTurn(intruder.cookies, attempt);
      expect(response.status).toBe(404);
      expect(response.body.error.message).toBe("Conversation not found.");
    }
    expect(await messageRows(body.conversationId)).toHaveLength(2);
    const signedOut = await postJson("/api/ai", { message: "Hi", assistantText: "Hello" });
    expect(signedOut.status).toBe(401);
    expect(((await signedOut.json()) as ErrorBody).error.message).toBe("Not signed in");
  });
});

describe("POST /api/ai: the thinking pre-pass", () => {
  it("searches the web when asked, and returns the model's notes with the results and their sources", async () => {
    const { cookies } = await chatUser();
    const tag = marker();
    const response = await send("POST", "/api/ai", cookies, {
      message: `Latest news on solar ${tag}`,
      mode: "thinking",
      noPersist: true,
      skipStrip: true,
      useInternet: true,
      usePersona: true,
      persona: "professor",
      useWorkspace: false,
    });
    expect(response.status).toBe(200);
    const result = (await response.json()) as ThinkingResult;
    expect(result.sources).toHaveLength(3);
    expect(result.sources[0]).toEqual({
      title: `Result 1 for Latest news on solar ${tag}`,
      url: expect.stringMatching(/^https:\/\/example\.org\/1\?q=/),
    });
    expect(result.internalNote).toContain(`Echo: Latest news on solar ${tag}`);
    expect(result.internalNote).toContain(`Snippet 1 about Latest news on solar ${tag}.`);
    expect(await searchesFor(tag)).toEqual([{ q: `Latest news on solar ${tag}`, format: "json", at: expect.any(Number) }]);
    // The model saw the web results and the persona, and nothing was saved.
    const [request] = await capturedFor(tag);
    expect(request!.body.messages[0]!.content).toContain(`Snippet 2 about Latest news on solar ${tag}.`);
    expect(request!.body.messages[0]!.content).toMatch(/university professor/);
    const { env } = await import("cloudflare:test");
    const saved = await env.DB.prepare("SELECT count(*) AS n FROM messages WHERE content LIKE ?").bind(`%${tag}%`).first<{ n: number }>();
    expect(saved!.n).toBe(0);
  });

  it("does not search without the Internet toggle, and goes on without results when the search fails", async () => {
    const { cookies } = await chatUser();
    const quiet = marker();
    const withoutInternet = await send("POST", "/api/ai", cookies, { message: `No web ${quiet}`, mode: "thinking", noPersist: true });
    expect(((await withoutInternet.json()) as ThinkingResult).sources).toEqual([]);
    expect(await searchesFor(quiet)).toEqual([]);

    const failing = marker();
    const response = await send("POST", "/api/ai", cookies, {
      message: `Broken search [searchfail] ${failing}`,
      mode: "thinking",
      noPersist: true,
      useInternet: true,
    });
    expect(response.status).toBe(200);
    const result = (await response.json()) as ThinkingResult;
    expect(result.sources).toEqual([]);
    expect(result.internalNote).toContain(`Echo: Broken search [searchfail] ${failing}`);
  });

  it("strips the model's reasoning tags from the note, and answers a model failure with a non-OK error text", async () => {
    const { cookies } = await chatUser();
    const stripped = await send("POST", "/api/ai", cookies, { message: `Plan [think] ${marker()}`, mode: "thinking", noPersist: true });
    expect(((await stripped.json()) as ThinkingResult).internalNote).toMatch(/^Echo: Plan/);
    const kept = await send("POST", "/api/ai", cookies, { message: `Plan [think] ${marker()}`, mode: "thinking", noPersist: true, skipStrip: true });
    expect(((await kept.json()) as ThinkingResult).internalNote).toMatch(/^Weighing the question\.Echo: Plan/);
    const failed = await send("POST", "/api/ai", cookies, { message: "Plan [fail]", mode: "thinking", noPersist: true });
    expect(failed.status).toBe(502);
    expect(((await failed.json()) as ErrorBody).error.message).toBe("HTTP 500: model crashed");
  });
});

describe("GET /api/ai/config and an unconfigured server", () => {
  it("describes the configured provider", async () => {
    const response = await SELF.fetch(`${ORIGIN}/api/ai/config`);
    expect(await response.json()).toEqual({ provider: "openai", model: "scripted", internetAvailable: true } satisfies ChatConfig);
  });

  it("answers 503 ai_not_configured, explaining how to configure a model, and never calls a model", async () => {
    const { cookies } = await chatUser();
    const unconfigured = { ...env, CHAT_PROVIDER: "", SEARCH_URL: "" };
    const call = async (path: string, body?: unknown) => {
      const ctx = createExecutionContext();
      const request = new Request(`${ORIGIN}${path}`, {
        method: body === undefined ? "GET" : "POST",
        headers: { cookie: cookieHeader(cookies), origin: ORIGIN, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const response = await worker.fetch(request, unconfigured, ctx);
      await waitOnExecutionContext(ctx);
      return response;
    };
    expect(await (await call("/api/ai/config")).json()).toEqual({ provider: null, model: null, internetAvailable: false });
    const tag = marker();
    for (const [path, body] of [
      ["/api/ai-stream", ask(`Unconfigured ${tag}`)],
      ["/api/ai", { message: `Unconfigured ${tag}`, mode: "thinking", noPersist: true }],
      ["/api/ai", { message: `Unconfigured ${tag}` }],
    ] as const) {
      const response = await call(path, body);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ error: { code: "ai_not_configured", message: NOT_CONFIGURED_MESSAGE } });
    }
    expect(NOT_CONFIGURED_MESSAGE).toMatch(/CHAT_PROVIDER/);
    expect(await capturedFor(tag)).toEqual([]);
  });
});
