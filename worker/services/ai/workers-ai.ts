// Workers AI: a chat model through the AI binding (deployed on Cloudflare; there is no local emulation).
import { WORKERS_AI_MODELS } from "./models";
import { contentOf, sseDeltas } from "./sse";
import { ProviderError, type ChatProvider, type CompletionRequest } from "./types";

/** The slice of the AI binding this provider uses (a fake in tests). */
export type AiChatBinding = {
  run(model: string, inputs: Record<string, unknown>, options?: { signal?: AbortSignal }): Promise<unknown>;
};

export class WorkersAiChatProvider implements ChatProvider {
  readonly id = "workers-ai";

  constructor(
    private readonly ai: AiChatBinding,
    readonly model: string = WORKERS_AI_MODELS.chat,
  ) {}

  async stream({ messages, temperature, maxTokens, signal }: CompletionRequest): Promise<AsyncIterable<string>> {
    let answer: unknown;
    try {
      answer = await this.ai.run(this.model, { messages, stream: true, max_tokens: maxTokens, temperature }, { signal });
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      throw workersAiError(error);
    }
    // With `stream: true` the binding answers with the SSE bytes: `data: {"response":"…"}` from older models,
    // OpenAI-style `choices[0].delta` chunks from newer ones, then `data: [DONE]`.
    if (answer instanceof ReadableStream) return sseDeltas(answer as ReadableStream<Uint8Array>, signal);
    if (answer instanceof Response) {
      if (!answer.ok || !answer.body) throw new ProviderError(answer.status, (await answer.text().catch(() => "")) || "Workers AI failed.");
      return sseDeltas(answer.body, signal);
    }
    return wholeAnswer(answer);
  }
}

/** Workers AI errors carry no HTTP status; their message (e.g. "3040: Capacity temporarily exceeded") is the detail. */
function workersAiError(error: unknown) {
  return new ProviderError(null, `Workers AI: ${error instanceof Error ? error.message : String(error)}`);
}

/** A model that does not stream answers whole: `{ response }` (older models) or a chat completion (newer ones). */
function wholeAnswer(answer: unknown): AsyncIterable<string> {
  const content = contentOf(answer);
  if (content.error) throw new ProviderError(null, `Workers AI: ${content.error}`);
  if (content.text === null) throw new ProviderError(null, "Workers AI returned no answer.");
  const text = content.text;
  return (async function* () {
    if (text) yield text;
  })();
}
