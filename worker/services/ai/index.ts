// The AI chat's model side: providers, configuration, prompts, reasoning, web search and the thinking pre-pass.
import { MAX_INTERNAL_NOTE_CHARS, type ChatMessageInput, type Persona, type ThinkingResult } from "@core/schemas/chat";
import { samplingFor, thinkingMessages } from "./prompts";
import { stripReasoning } from "@core/reasoning";
import { formatResults, webSearch, type SearchResult } from "./search";
import type { ChatProvider, CompletionRequest } from "./types";

export { chatConfig, chatProvider, notConfiguredError, requireChatProvider, NOT_CONFIGURED_MESSAGE, type ChatEnv } from "./config";
export { activePersona, chatMessages, samplingFor } from "./prompts";
export { stripReasoning } from "@core/reasoning";
export { ProviderError, type ChatProvider, type ProviderMessage } from "./types";

/** A whole answer from the streaming interface (for the non-streaming routes). */
export async function complete(provider: ChatProvider, request: CompletionRequest): Promise<string> {
  let text = "";
  for await (const delta of await provider.stream(request)) text += delta;
  return text;
}

export type ThinkingInput = {
  history: readonly ChatMessageInput[];
  persona: Persona | null;
  /** Search the web for the last message first (only when a search endpoint is configured). */
  useInternet: boolean;
  searchUrl?: string;
  keepReasoning?: boolean;
  longMode?: boolean;
  /** Aborting ends the pre-pass's model call (the turn was stopped or refused). */
  signal?: AbortSignal;
};

/**
 * The reasoning pre-pass: web results for the message (when asked and configured), then the model's private
 * notes for the answer. The returned note carries the web results too, so that the streamed answer can cite them.
 * A failing search is skipped (the notes are still useful); a failing model rejects with its ProviderError.
 */
export async function thinkingPrepass(provider: ChatProvider, input: ThinkingInput): Promise<ThinkingResult> {
  const query = input.history.at(-1)?.content ?? "";
  let results: SearchResult[] = [];
  if (input.useInternet && input.searchUrl?.trim()) {
    try {
      results = await webSearch(input.searchUrl, query);
    } catch (error) {
      console.warn("web search failed; thinking without web results", error instanceof Error ? error.message : error);
    }
  }
  const webResults = results.length ? formatResults(results) : null;
  const raw = await complete(provider, {
    messages: thinkingMessages(input.history, { persona: input.persona, webResults }),
    ...samplingFor(input.longMode),
    signal: input.signal,
  });
  // skipStrip keeps the model's reasoning as part of the notes (without its tags, which would confuse the answer).
  const notes = input.keepReasoning ? raw.replace(/<\/?think>/g, "").trim() : stripReasoning(raw);
  const note = [notes, webResults ? `Web results:\n${webResults}` : ""].filter(Boolean).join("\n\n");
  return { internalNote: note.slice(0, MAX_INTERNAL_NOTE_CHARS), sources: results.map(({ title, url }) => ({ title, url })) };
}
