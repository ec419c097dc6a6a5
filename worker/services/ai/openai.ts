// Any OpenAI-compatible chat endpoint: Ollama, llama.cpp server, vLLM, or a hosted API.
import { postChatCompletion, type OpenAiEndpoint } from "../openai-compatible";
import { chunkContent, sseDeltas } from "./sse";
import { errorDetail, ProviderError, type ChatProvider, type CompletionRequest } from "./types";

export type OpenAiChatConfig = OpenAiEndpoint;

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
    let response: Response;
    try {
      response = await postChatCompletion(
        this.config,
        { messages, temperature, max_tokens: maxTokens },
        { fetcher: this.fetcher, signal, stream: true },
      );
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
