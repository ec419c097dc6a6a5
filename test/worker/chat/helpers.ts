// Helpers for the AI chat tests: a signed-in user, streamed turns read event by event, and the scripted
// model server's records (test/support/scripted-openai.mjs, started by chat-setup.ts).
import { env, SELF } from "cloudflare:test";
import { expect, inject } from "vitest";
import type { RealtimeEvent } from "@core/schemas/chat";
import { cookieHeader, signedInAccount, sendWithCookies, signedInRequest } from "../support/auth";
import { ORIGIN } from "../support/requests";

export type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
export type Cookies = Record<string, string>;
export type MessageRow = {
  id: string;
  conversation_id: string;
  user_id: string;
  role: string;
  content: string;
  status: string;
  turn_id: string | null;
  created_at: number;
  failure: string | null;
};

export async function chatUser() {
  const account = await signedInAccount();
  const userId = account.body.session.user.id;
  // The session's refresh-token family (what startTurn checks is live).
  const family = await env.DB.prepare("SELECT family_id FROM refresh_tokens WHERE user_id = ? AND revoked_at IS NULL")
    .bind(userId)
    .first<{ family_id: string }>();
  return { cookies: account.cookies, userId, familyId: family!.family_id };
}

/** An open tab: a socket to the user's hub (GET /api/realtime) that records what it receives. */
export async function openTab(cookies: Cookies, headers: Record<string, string> = {}) {
  const response = await SELF.fetch(`${ORIGIN}/api/realtime`, {
    headers: { upgrade: "websocket", cookie: cookieHeader(cookies), origin: ORIGIN, ...headers },
  });
  expect(response.status).toBe(101);
  const socket = response.webSocket!;
  const received: string[] = [];
  socket.addEventListener("message", (event) => {
    received.push(String(event.data));
  });
  socket.accept();
  const events = () => received.filter((data) => data !== "pong").map((data) => JSON.parse(data) as RealtimeEvent);
  const pongs = () => received.filter((data) => data === "pong").length;
  return { socket, received, events, pongs };
}

let turns = 0;
export const newTurnId = () => `turn-${Date.now().toString(36)}-${turns++}`;

export function streamTurn(cookies: Cookies, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return SELF.fetch(signedInRequest("POST", "/api/ai-stream", cookies, body, headers));
}

/** A stream request for one new user message. */
export const ask = (message: string, extra: Record<string, unknown> = {}) => ({
  turnId: newTurnId(),
  messages: [{ role: "user", content: message }],
  ...extra,
});

/** Reads an SSE body event by event: each `data:` payload as it arrives, with the time it arrived. */
export class SseReader {
  private readonly reader: ReadableStreamDefaultReader<string>;
  private buffer = "";
  readonly events: { data: string; at: number }[] = [];

  constructor(response: Response) {
    this.reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  }

  /** The next data payload, or null at the end of the stream. */
  async next(): Promise<string | null> {
    for (;;) {
      const end = this.buffer.indexOf("\n\n");
      if (end >= 0) {
        const block = this.buffer.slice(0, end);
        this.buffer = this.buffer.slice(end + 2);
        const data = block
          .split("\n")
          .filter((line) => line.startsWith("data: "))
          .map((line) => line.slice(6))
          .join("\n");
        this.events.push({ data, at: Date.now() });
        return data;
      }
      const { value, done } = await this.reader.read();
      if (done) return null;
      this.buffer += value;
    }
  }

  /** Every remaining payload. */
  async rest(): Promise<string[]> {
    const all: string[] = [];
    for (let data = await this.next(); data !== null; data = await this.next()) all.push(data);
    return all;
  }

  cancel() {
    return this.reader.cancel();
  }
}

/** The text of a delta payload (choices[0].delta.content). */
export function deltaText(data: string): string {
  return (JSON.parse(data) as { choices: { delta: { content: string } }[] }).choices[0]!.delta.content;
}

/** Reads a whole stream: the concatenated text and the raw payloads. */
export async function readStream(response: Response) {
  const payloads = await new SseReader(response).rest();
  const text = payloads
    .filter((data) => data !== "[DONE]" && !data.includes('"error"'))
    .map(deltaText)
    .join("");
  return { payloads, text };
}

export async function messageRows(conversationId: string) {
  const { results } = await env.DB.prepare("SELECT * FROM messages WHERE conversation_id = ? ORDER BY created_at, rowid")
    .bind(conversationId)
    .all<MessageRow>();
  return results;
}

export async function messageRow(id: string) {
  return env.DB.prepare("SELECT * FROM messages WHERE id = ?").bind(id).first<MessageRow>();
}

/** Polls until `check` returns a value (not undefined/null/false), or fails after `timeoutMs`. */
export async function until<T>(check: () => Promise<T | null | undefined | false>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

type CapturedRequest = {
  path: string;
  body: { model: string; stream?: boolean; temperature: number; max_tokens: number; messages: { role: string; content: string }[] };
  at: number;
  /** The client went away before the answer ended (the hub aborted the call). */
  aborted?: boolean;
};

/** The model requests the scripted server received whose last user message contains `marker`. */
export async function capturedFor(marker: string): Promise<CapturedRequest[]> {
  const all = (await (await fetch(`${inject("chatServerUrl")}/__captured`)).json()) as CapturedRequest[];
  return all.filter((request) => request.body?.messages?.some((message) => message.role === "user" && message.content.includes(marker)));
}

export async function searchesFor(marker: string): Promise<{ q: string; format: string }[]> {
  const all = (await (await fetch(`${inject("chatServerUrl")}/__searches`)).json()) as { q: string; format: string }[];
  return all.filter((search) => search.q.includes(marker));
}

/** A unique marker to find this test's requests among the scripted server's records. */
let markers = 0;
export const marker = () => `m${Date.now().toString(36)}x${markers++}`;

export const send = sendWithCookies;
