// The model side of the chat, unit by unit: the Workers AI adapter against a fake AI binding, the
// OpenAI-compatible adapter against the scripted server and fake fetchers, SSE parsing, configuration,
// prompts, reasoning stripping and web search.
import { describe, expect, inject, it } from "vitest";
import { CHAT_CONTEXT_MESSAGES } from "@core/schemas/chat";
import {
  chatConfig,
  chatProvider,
  complete,
  NOT_CONFIGURED_MESSAGE,
  ProviderError,
  requireChatProvider,
  stripReasoning,
  thinkingPrepass,
} from "../../../worker/services/ai";
import { OpenAiChatProvider } from "../../../worker/services/ai/openai";
import { BASE_SYSTEM_PROMPT, chatMessages, PERSONA_PROMPTS, samplingFor } from "../../../worker/services/ai/prompts";
import { searchUrl, webSearch } from "../../../worker/services/ai/search";
import { SseDecoder } from "@core/sse";
import { chunkContent } from "../../../worker/services/ai/sse";
import { errorDetail } from "../../../worker/services/ai/types";
import { WORKERS_AI_MODELS } from "../../../worker/services/ai/models";
import { WorkersAiChatProvider, type AiChatBinding } from "../../../worker/services/ai/workers-ai";

const encoder = new TextEncoder();

/** A ReadableStream that sends each part after `delayMs`. */
function slowStream(parts: string[], delayMs = 0, { error }: { error?: Error } = {}) {
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      for (const part of parts) {
        if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
        controller.enqueue(encoder.encode(part));
      }
      if (error) controller.error(error);
      else controller.close();
    },
  });
}

async function collect(iterable: AsyncIterable<string>) {
  const parts: string[] = [];
  for await (const part of iterable) parts.push(part);
  return parts;
}

const request = { messages: [{ role: "user" as const, content: "Hi" }], temperature: 0.3, maxTokens: 1024 };

/** A fake AI binding that records its calls and answers with `answer`. */
function fakeAi(answer: (inputs: Record<string, unknown>) => unknown) {
  const calls: { model: string; inputs: Record<string, unknown>; options?: { signal?: AbortSignal } }[] = [];
  const binding: AiChatBinding = {
    async run(model, inputs, options) {
      calls.push({ model, inputs, options });
      const result = answer(inputs);
      if (result instanceof Error) throw result;
      return result;
    },
  };
  return { binding, calls };
}

describe("Workers AI adapter (fake binding)", () => {
  it("streams Workers AI's SSE (`response` chunks, split across reads) and sends the chat parameters", async () => {
    const { binding, calls } = fakeAi(() =>
      slowStream(['data: {"response":"Hel"}\n\ndata: {"resp', 'onse":"lo"}\n\n', 'data: {"response":"!","p":"abc"}\n\n', "data: [DONE]\n\n"]),
    );
    const provider = new WorkersAiChatProvider(binding);
    expect(await collect(await provider.stream(request))).toEqual(["Hel", "lo", "!"]);
    expect(calls[0]!.model).toBe(WORKERS_AI_MODELS.chat);
    expect(calls[0]!.inputs).toEqual({ messages: request.messages, stream: true, max_tokens: 1024, temperature: 0.3 });
  });

  it("accepts OpenAI-shaped chunks and a configured model", async () => {
    const chunk = (content: string) => `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content } }] })}\n\n`;
    const { binding, calls } = fakeAi(() => slowStream([chunk("A"), chunk("B"), "data: [DONE]\n\n"]));
    const provider = new WorkersAiChatProvider(binding, "@cf/qwen/qwq-32b");
    expect(await collect(await provider.stream(request))).toEqual(["A", "B"]);
    expect(calls[0]!.model).toBe("@cf/qwen/qwq-32b");
  });

  it("yields each delta as it arrives, not at the end", async () => {
    const { binding } = fakeAi(() => slowStream(['data: {"response":"one"}\n\n', 'data: {"response":"two"}\n\n', "data: [DONE]\n\n"], 100));
    const started = Date.now();
    const iterator = (await new WorkersAiChatProvider(binding).stream(request))[Symbol.asyncIterator]();
    expect((await iterator.next()).value).toBe("one");
    expect(Date.now() - started).toBeLessThan(250);
    await iterator.return?.();
  });

  it("turns a binding error into a ProviderError with the message", async () => {
    const { binding } = fakeAi(() => new Error("3040: Capacity temporarily exceeded"));
    const failure = await new WorkersAiChatProvider(binding).stream(request).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ProviderError);
    expect((failure as ProviderError).message).toBe("Workers AI: 3040: Capacity temporarily exceeded");
  });

  it("rejects a stream cut before [DONE], and a stream that errors", async () => {
    const cut = fakeAi(() => slowStream(['data: {"response":"Hal"}\n\n']));
    await expect(collect(await new WorkersAiChatProvider(cut.binding).stream(request))).rejects.toThrow(/cut off/);
    const broken = fakeAi(() => slowStream(['data: {"response":"Hal"}\n\n'], 0, { error: new Error("Network connection lost.") }));
    await expect(collect(await new WorkersAiChatProvider(broken.binding).stream(request))).rejects.toThrow(/Network connection lost/);
  });

  it("stops on abort even when the binding ignores the signal, passing the signal on", async () => {
    const { binding, calls } = fakeAi(() =>
      slowStream(
        Array.from({ length: 50 }, (_, i) => `data: {"response":"${i} "}\n\n`),
        30,
      ),
    );
    const controller = new AbortController();
    const parts: string[] = [];
    const reason = new DOMException("Stopped by the user.", "AbortError");
    const run = (async () => {
      for await (const part of await new WorkersAiChatProvider(binding).stream({ ...request, signal: controller.signal })) {
        parts.push(part);
        if (parts.length === 2) controller.abort(reason);
      }
    })();
    await expect(run).rejects.toBe(reason);
    expect(parts).toEqual(["0 ", "1 "]);
    expect(calls[0]!.options?.signal).toBe(controller.signal);
  });

  it("accepts a whole (non-streamed) answer, in the older `response` shape or as a chat completion", async () => {
    const older = fakeAi(() => ({ response: "Whole answer" }));
    expect(await complete(new WorkersAiChatProvider(older.binding), request)).toBe("Whole answer");
    const newer = fakeAi(() => ({
      object: "chat.completion",
      choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content: "Completed" } }],
    }));
    expect(await complete(new WorkersAiChatProvider(newer.binding), request)).toBe("Completed");
    await expect(complete(new WorkersAiChatProvider(fakeAi(() => ({ usage: {} })).binding), request)).rejects.toThrow(
      "Workers AI returned no answer.",
    );
    await expect(complete(new WorkersAiChatProvider(fakeAi(() => ({ error: "model retired" })).binding), request)).rejects.toThrow(
      "Workers AI: model retired",
    );
  });

  it("defaults to a chat model that is still in the catalogue (none of those retired on 2026-05-30)", () => {
    const retired = [
      "@cf/meta/llama-3.1-8b-instruct",
      "@cf/meta/llama-3-8b-instruct",
      "@cf/meta/llama-3.1-70b-instruct",
      "@cf/mistral/mistral-7b-instruct-v0.1",
      "@cf/google/gemma-3-12b-it",
    ];
    expect(retired).not.toContain(WORKERS_AI_MODELS.chat);
    expect(new WorkersAiChatProvider(fakeAi(() => null).binding).model).toBe(WORKERS_AI_MODELS.chat);
  });
});

describe("OpenAI-compatible adapter", () => {
  const chatUrl = () => `${inject("chatServerUrl")}/v1`;

  it("streams from the scripted server with the model and a bearer key", async () => {
    const provider = new OpenAiChatProvider({ baseUrl: `${chatUrl()}/`, apiKey: "sk-test", model: "scripted" });
    const parts = await collect(await provider.stream({ ...request, messages: [{ role: "user", content: "adapter check" }] }));
    expect(parts.join("")).toBe("Echo: adapter check");
    expect(parts.length).toBeGreaterThan(1);
    const captured = (await (await fetch(`${inject("chatServerUrl")}/__captured`)).json()) as {
      authorization: string | null;
      body: { messages: { content: string }[]; max_tokens: number; stream: boolean };
    }[];
    const mine = captured.find((entry) => entry.body.messages?.[0]?.content === "adapter check")!;
    expect(mine.authorization).toBe("Bearer sk-test");
    expect(mine.body).toMatchObject({ stream: true, max_tokens: 1024 });
  });

  it("rejects an HTTP error before any delta, with its status and the error's message", async () => {
    const provider = new OpenAiChatProvider({ baseUrl: chatUrl(), model: "scripted" });
    const failure = (await provider
      .stream({ ...request, messages: [{ role: "user", content: "[fail]" }] })
      .catch((error: unknown) => error)) as ProviderError;
    expect(failure).toBeInstanceOf(ProviderError);
    expect(failure.status).toBe(500);
    expect(failure.message).toBe("HTTP 500: model crashed");
  });

  it("keeps a plain-text error body, cut to 500 characters, and reports an unreachable server", async () => {
    const fetcher = (async () => new Response("x".repeat(2000), { status: 429 })) as typeof fetch;
    const failure = (await new OpenAiChatProvider({ baseUrl: "http://model.test/v1", model: "m" }, fetcher)
      .stream(request)
      .catch((error: unknown) => error)) as ProviderError;
    expect(failure.message).toBe(`HTTP 429: ${"x".repeat(500)}…`);
    const unreachable = (async () => {
      throw new TypeError("connect ECONNREFUSED");
    }) as typeof fetch;
    await expect(new OpenAiChatProvider({ baseUrl: "http://model.test/v1", model: "m" }, unreachable).stream(request)).rejects.toThrow(
      /could not be reached/,
    );
  });

  it("accepts a server that answers a whole JSON completion, and `choices[0].message.content` chunks", async () => {
    const whole = (async () => Response.json({ choices: [{ message: { content: "All at once" } }] })) as typeof fetch;
    expect(await complete(new OpenAiChatProvider({ baseUrl: "http://model.test/v1", model: "m" }, whole), request)).toBe("All at once");
    expect(chunkContent('{"choices":[{"message":{"content":"M"},"finish_reason":"stop"}]}')).toEqual({ text: "M", finished: true });
  });

  it("reports an error chunk in the stream", async () => {
    const stream = slowStream(['data: {"choices":[{"delta":{"content":"Par"}}]}\n\n', 'data: {"error":{"message":"overloaded"}}\n\n']);
    const fetcher = (async () => new Response(stream, { headers: { "content-type": "text/event-stream" } })) as typeof fetch;
    const parts: string[] = [];
    const run = async () => {
      for await (const part of await new OpenAiChatProvider({ baseUrl: "http://model.test/v1", model: "m" }, fetcher).stream(request))
        parts.push(part);
    };
    await expect(run()).rejects.toThrow("overloaded");
    expect(parts).toEqual(["Par"]);
  });
});

describe("SSE decoding", () => {
  it("handles CRLF, comments, multi-line data and a last event without a blank line", () => {
    const sse = new SseDecoder();
    expect(sse.push(": keep-alive\r\n\r\ndata: a\r\n")).toEqual([]);
    expect(sse.push("data: b\r\n\r\nevent: x\ndata:c\n\ndata: [DONE]")).toEqual(["a\nb", "c"]);
    expect(sse.end()).toEqual(["[DONE]"]);
  });
});

describe("configuration", () => {
  it("reads CHAT_PROVIDER: openai needs a base URL and model, workers-ai the AI binding, anything else is not configured", () => {
    expect(
      chatConfig({
        CHAT_PROVIDER: "openai",
        OPENAI_BASE_URL: "http://127.0.0.1:11434/v1",
        OPENAI_CHAT_MODEL: "llama3.2",
        SEARCH_URL: "https://searx.example",
      }),
    ).toEqual({
      provider: "openai",
      model: "llama3.2",
      internetAvailable: true,
    });
    expect(chatConfig({ CHAT_PROVIDER: "openai", OPENAI_BASE_URL: "http://127.0.0.1:11434/v1", OPENAI_CHAT_MODEL: "" })).toEqual({
      provider: null,
      model: null,
      internetAvailable: false,
    });
    expect(chatConfig({ CHAT_PROVIDER: "workers-ai", AI: {} })).toEqual({
      provider: "workers-ai",
      model: WORKERS_AI_MODELS.chat,
      internetAvailable: false,
    });
    // wrangler.toml ships the var empty: the code's default applies.
    expect(chatConfig({ CHAT_PROVIDER: "workers-ai", AI: {}, WORKERS_AI_CHAT_MODEL: " " }).model).toBe(WORKERS_AI_MODELS.chat);
    expect(chatConfig({ CHAT_PROVIDER: "workers-ai", AI: {}, WORKERS_AI_CHAT_MODEL: "@cf/x/y" }).model).toBe("@cf/x/y");
    expect(chatConfig({ CHAT_PROVIDER: "workers-ai" }).provider).toBeNull();
    expect(chatConfig({}).provider).toBeNull();
    expect(chatConfig({ CHAT_PROVIDER: "magic" }).provider).toBeNull();
    expect(chatProvider({ CHAT_PROVIDER: "workers-ai", AI: { run: async () => ({}) } })).toBeInstanceOf(WorkersAiChatProvider);
    expect(() => requireChatProvider({})).toThrow(NOT_CONFIGURED_MESSAGE);
  });
});

describe("prompts", () => {
  const history = Array.from({ length: 10 }, (_, i) => ({ role: (i % 2 ? "assistant" : "user") as "user" | "assistant", content: `m${i}` }));

  it("sends the system prompt and the last 6 messages, with the persona's prompt and disclaimer", () => {
    const messages = chatMessages(history, { persona: "legal" });
    expect(messages).toHaveLength(1 + CHAT_CONTEXT_MESSAGES);
    expect(messages[0]!.content.startsWith(BASE_SYSTEM_PROMPT)).toBe(true);
    expect(messages[0]!.content).toContain(PERSONA_PROMPTS.legal);
    expect(PERSONA_PROMPTS.legal).toMatch(/not legal advice/);
    expect(PERSONA_PROMPTS.medical).toMatch(/not medical advice/);
    expect(messages.slice(1).map(({ content }) => content)).toEqual(["m4", "m5", "m6", "m7", "m8", "m9"]);
    expect(chatMessages(history, {})[0]!.content).toBe(BASE_SYSTEM_PROMPT);
  });

  it("fixes temperature 0.3 and 1024 or 2048 tokens", () => {
    expect(samplingFor(false)).toEqual({ temperature: 0.3, maxTokens: 1024 });
    expect(samplingFor(true)).toEqual({ temperature: 0.3, maxTokens: 2048 });
  });
});

describe("reasoning", () => {
  it.each([
    ["<think>plan</think>\nAnswer", "Answer"],
    ["Answer", "Answer"],
    ["<think>a</think>One <think>b</think>Two", "One Two"],
    ["<think>still thinking", ""],
    ["Partial answer <think>more", "Partial answer"],
    ["reasoning without an opening tag</think>The answer", "The answer"],
  ])("strips %j to %j", (raw, answer) => {
    expect(stripReasoning(raw)).toBe(answer);
  });
});

describe("web search", () => {
  it("builds the JSON search URL from a base or a /search URL", () => {
    expect(searchUrl("https://searx.example", "a b")).toBe("https://searx.example/search?q=a+b&format=json");
    expect(searchUrl("https://searx.example/searx/", "x")).toBe("https://searx.example/searx/search?q=x&format=json");
    expect(searchUrl("https://searx.example/search", "x")).toBe("https://searx.example/search?q=x&format=json");
  });

  it("keeps the top 5 results with http(s) URLs, and times out", async () => {
    const results = Array.from({ length: 8 }, (_, i) => ({
      title: `T${i}`,
      url: i === 0 ? "javascript:alert(1)" : `https://e.org/${i}`,
      content: "c",
    }));
    const fetcher = (async () => Response.json({ results })) as typeof fetch;
    const top = await webSearch("https://searx.example", "q", { fetcher });
    expect(top.map(({ url }) => url)).toEqual(["https://e.org/1", "https://e.org/2", "https://e.org/3", "https://e.org/4", "https://e.org/5"]);
    const hanging = ((_: unknown, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal!.reason)))) as typeof fetch;
    await expect(webSearch("https://searx.example", "q", { fetcher: hanging, timeoutMs: 50 })).rejects.toThrow();
  });

  it("the pre-pass works with the Workers AI adapter too", async () => {
    const { binding, calls } = fakeAi(() => slowStream(['data: {"response":"Notes."}\n\n', "data: [DONE]\n\n"]));
    const result = await thinkingPrepass(new WorkersAiChatProvider(binding), {
      history: [{ role: "user", content: "Q" }],
      persona: "tutor",
      useInternet: false,
    });
    expect(result).toEqual({ internalNote: "Notes.", sources: [] });
    expect(String((calls[0]!.inputs.messages as { content: string }[])[0]!.content)).toContain(PERSONA_PROMPTS.tutor);
  });
});

describe("error details", () => {
  it("reads OpenAI, Workers AI and plain bodies", () => {
    expect(errorDetail('{"error":{"message":"bad key"}}')).toBe("bad key");
    expect(errorDetail('{"errors":[{"message":"AiError: x"}]}')).toBe("AiError: x");
    expect(errorDetail('{"error":"model not found"}')).toBe("model not found");
    expect(errorDetail("  Bad Gateway  ")).toBe("Bad Gateway");
    expect(errorDetail("")).toBe("The model returned an empty error.");
  });
});
