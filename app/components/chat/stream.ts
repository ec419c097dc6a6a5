// Reading POST /api/ai-stream (server-sent events with OpenAI-style deltas, parsed by core/sse.ts as on the
// server). The model's hidden reasoning is separated from its answer by @core/reasoning.
import { GENERIC_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE } from "~/lib/api";
import type { ChatStreamInput } from "@core/schemas/chat";
import type { WebSource } from "@core/schemas/chat-features";
import { SseDecoder } from "@core/sse";

/** An error the server reported, in the words of docs/product.md#errors ("HTTP 500: …" or the stream's own message). */
export class StreamError extends Error {}

export type StreamStart = { conversationId: string | null; messageId: string | null };

type StreamHandlers = {
  signal: AbortSignal;
  onStart: (start: StreamStart) => void;
  onDelta: (text: string) => void;
  /** A temporary chat's answer names its cited web sources in the stream (docs/decisions/0027-temporary-chats.md). */
  onSources?: (sources: WebSource[]) => void;
};

/**
 * Posts the turn and calls onDelta with each piece of text as it arrives. Resolves when the stream ends
 * ([DONE] or the server closing it); rejects with a StreamError for an HTTP or in-stream error, and with
 * the AbortError when `signal` aborts.
 */
export async function streamChat(input: ChatStreamInput, { signal, onStart, onDelta, onSources }: StreamHandlers): Promise<void> {
  let response: Response;
  try {
    // The same conventions as apiRequest: same-origin credentials, a JSON body (the server checks the origin).
    response = await fetch("/api/ai-stream", {
      method: "POST",
      signal,
      credentials: "same-origin",
      headers: { "content-type": "application/json", accept: "text/event-stream" },
      body: JSON.stringify(input),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new StreamError(NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok || !response.body) {
    // A model failure still saved the user's message, in a conversation the chat should select.
    const savedConversationId = response.headers.get("X-Conversation-Id");
    if (savedConversationId) onStart({ conversationId: savedConversationId, messageId: null });
    const text = await response.text().catch(() => "");
    let message = "";
    try {
      message = (JSON.parse(text) as { error?: { message?: string } })?.error?.message ?? "";
    } catch {
      message = text.trim();
    }
    throw new StreamError(message || `HTTP ${response.status}: ${response.statusText || GENERIC_ERROR_MESSAGE}`);
  }
  onStart({ conversationId: response.headers.get("X-Conversation-Id"), messageId: response.headers.get("X-Message-Id") });

  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const sse = new SseDecoder();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      // The server writes each event whole, so each is handed on the moment its chunk arrives.
      for (const data of done ? sse.end() : sse.push(value)) {
        if (data.trim() === "[DONE]") return;
        const { text, sources } = parseData(data);
        if (text) onDelta(text);
        if (sources) onSources?.(sources);
      }
      if (done) break;
    }
  } catch (error) {
    if (error instanceof StreamError || (error instanceof DOMException && error.name === "AbortError")) throw error;
    if (signal.aborted) throw new DOMException("Aborted", "AbortError");
    throw new StreamError(NETWORK_ERROR_MESSAGE);
  } finally {
    reader.releaseLock();
  }
}

type StreamChunk = {
  error?: { message?: string; code?: string } | string;
  sources?: WebSource[];
  choices?: { delta?: { content?: unknown }; message?: { content?: unknown } }[];
};

function parseData(data: string): { text: string; sources?: WebSource[] } {
  let chunk: StreamChunk;
  try {
    chunk = JSON.parse(data) as StreamChunk;
  } catch {
    return { text: "" };
  }
  if (Array.isArray(chunk.sources)) return { text: "", sources: chunk.sources };
  if (chunk.error) throw new StreamError(typeof chunk.error === "string" ? chunk.error : chunk.error.message || GENERIC_ERROR_MESSAGE);
  // docs/product.md#ai-chat: choices[0].delta.content, or choices[0].message.content.
  const choice = chunk.choices?.[0];
  const content = choice?.delta?.content ?? choice?.message?.content;
  return { text: typeof content === "string" ? content : "" };
}
