// Reading a model's server-sent events incrementally (the events themselves: core/sse.ts, shared with the
// browser). Both providers speak the same dialect: `data:` lines holding JSON chunks (OpenAI's
// `choices[0].delta.content`, or Workers AI's `response`), ending with `data: [DONE]`.
import { SseDecoder } from "@core/sse";
import { ProviderError } from "./types";

export type ChunkContent = { text: string; finished: boolean; error?: string };

type Chunk = {
  choices?: { delta?: { content?: unknown }; message?: { content?: unknown }; text?: unknown; finish_reason?: unknown }[];
  response?: unknown;
  error?: { message?: unknown } | string;
};

/** The text and end marker of one JSON chunk, in OpenAI's shape or Workers AI's. */
export function chunkContent(data: string): ChunkContent {
  let chunk: unknown;
  try {
    chunk = JSON.parse(data);
  } catch {
    return { text: "", finished: false };
  }
  const { text, ...rest } = contentOf(chunk);
  return { text: text ?? "", ...rest };
}

/** The same for a parsed chunk or whole answer; `text` is null when it holds no text at all. */
export function contentOf(value: unknown): Omit<ChunkContent, "text"> & { text: string | null } {
  if (!value || typeof value !== "object") return { text: null, finished: false };
  const chunk = value as Chunk;
  if (chunk.error) {
    const message = typeof chunk.error === "string" ? chunk.error : String(chunk.error.message ?? "The model reported an error.");
    return { text: null, finished: false, error: message };
  }
  const choice = chunk.choices?.[0];
  const content = choice?.delta?.content ?? choice?.message?.content ?? choice?.text ?? chunk.response;
  const finished = choice?.finish_reason !== undefined && choice.finish_reason !== null;
  return { text: typeof content === "string" ? content : null, finished };
}

export const CUT_OFF_MESSAGE = "The model's answer was cut off before it finished.";

/**
 * The text deltas of an SSE body, each yielded as soon as its event is complete. Aborting `signal`
 * cancels the body (also for sources that ignore the signal) and rejects with its reason. A stream
 * that ends with neither [DONE] nor a finish reason was cut: that rejects with a ProviderError.
 */
export async function* sseDeltas(body: ReadableStream<Uint8Array>, signal?: AbortSignal): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const sse = new SseDecoder();
  const cancel = () => void reader.cancel().catch(() => {});
  signal?.addEventListener("abort", cancel, { once: true });
  let finished = false;
  let exhausted = false;
  try {
    for (;;) {
      let result: ReadableStreamReadResult<Uint8Array>;
      try {
        result = await reader.read();
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        throw new ProviderError(null, `${CUT_OFF_MESSAGE} (${error instanceof Error ? error.message : String(error)})`);
      }
      if (signal?.aborted) throw signal.reason;
      const events = result.done ? [...sse.push(decoder.decode()), ...sse.end()] : sse.push(decoder.decode(result.value, { stream: true }));
      for (const data of events) {
        if (data.trim() === "[DONE]") {
          exhausted = result.done;
          return;
        }
        const content = chunkContent(data);
        if (content.error) throw new ProviderError(null, content.error);
        if (content.finished) finished = true;
        if (content.text) yield content.text;
      }
      if (result.done) {
        exhausted = true;
        if (!finished) throw new ProviderError(null, CUT_OFF_MESSAGE);
        return;
      }
    }
  } finally {
    signal?.removeEventListener("abort", cancel);
    if (!exhausted) cancel();
  }
}
