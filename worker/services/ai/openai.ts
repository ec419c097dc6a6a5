// Any OpenAI-compatible chat endpoint: Ollama, llama.cpp server, vLLM, or a hosted API.
import { chunkContent, sseDeltas } from "./sse";
import { errorDetail, ProviderError, type ChatProvider, type CompletionRequest } from "./types";

export type OpenAiChatConfig = { baseUrl: string; apiKey?: string; model: string };

export class OpenAiChatProvider implements ChatProvider {
  readonly id = "openai";
  readonly model: string;

  constructor(
    private readonly config: OpenAiChatConfig,
    private readonly fetcher: typeof fetch = (input, init) => fetch(input, init),
  ) {
    this.model = config.model;
  }

  async stream({ messages, temperature, maxTokens, signal }: CompletionRequest): Promise<AsyncIterable<string>> {
    const headers: Record<string, string> = { "content-type": "application/json", accept: "text/event-stream" };
    if (this.config.apiKey) headers.authorization = `Bearer ${this.config.apiKey}`;
    let response: Response;
    try {
      response = await this.fetcher(`${this.config.baseUrl.replace(/\/+$/, "")}/chat/completions`, {
        method: "POST",
        headers,
        body: JSON.stringify({ model: this.config.model, messages, temperature, max_tokens: maxTokens, stream: true }),
        signal,
      });
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      throw new ProviderError(null, `The AI model could not be reached (${error instanceof Error ? error.message : String(error)}).`);
    }
    if (!response.ok) throw new ProviderError(response.status, errorDetail(await response.text().catch(() => "")));
    if (!response.body) throw new ProviderError(null, "The AI model sent an empty answer.");
    // Some servers ignore `stream: true` and answer with one JSON completion.
    if ((response.headers.get("content-type") ?? "").includes("application/json")) return wholeAnswer(await response.text());
    return sseDeltas(response.body, signal);
  }
}

async function* wholeAnswer(body: string): AsyncGenerator<string> {
  const content = chunkContent(body);
  if (content.error) throw new ProviderError(null, content.error);
  if (content.text) yield content.text;
}
