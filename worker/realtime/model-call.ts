// The model call of a streamed turn (docs/product.md#ai-chat): the context the server built, the thinking pre-pass
// when Internet or Persona is on, then the streamed completion.
import type { ChatMessageInput, ChatMode, Persona } from "@core/schemas/chat";
import { numberSources, type WebSource } from "@core/schemas/chat-features";
import { activePersona, chatMessages, samplingFor, thinkingPrepass, type ChatProvider } from "../services/ai";

/** The screen's toggles for one turn, and the notes of a pre-pass a client ran itself (/api/ai, mode "thinking"). */
export type TurnOptions = {
  mode?: ChatMode;
  longMode?: boolean;
  useInternet?: boolean;
  usePersona?: boolean;
  persona?: Persona;
  internalNote?: string | null;
};

export type ModelCall = {
  text: string;
  /** The conversation's last messages, from D1 (never from the client). */
  context: Promise<ChatMessageInput[]>;
  options: TurnOptions;
  searchUrl?: string;
  signal: AbortSignal;
  /** Told the pre-pass's web results, numbered as the model is asked to cite them ([n]). */
  onSources?: (sources: WebSource[]) => void;
};

/**
 * Resolves with the answer's deltas once the model has accepted the request (rejects with its ProviderError, or
 * the abort). A failing pre-pass is not fatal: the answer is then written without its notes.
 */
export async function callModel(provider: ChatProvider, call: ModelCall) {
  const { options, signal } = call;
  const history = [...(await call.context), { role: "user" as const, content: call.text }];
  const persona = activePersona(options);
  let internalNote = options.internalNote ?? null;
  if (internalNote === null && (options.useInternet || options.usePersona)) {
    try {
      const prepass = await thinkingPrepass(provider, {
        history,
        persona,
        useInternet: Boolean(options.useInternet),
        searchUrl: call.searchUrl,
        keepReasoning: true,
        longMode: options.longMode,
        signal,
      });
      internalNote = prepass.internalNote || null;
      call.onSources?.(numberSources(prepass.sources));
    } catch (error) {
      if (signal.aborted) throw error;
      console.warn("thinking pre-pass failed; answering without it", error instanceof Error ? error.message : error);
    }
  }
  signal.throwIfAborted();
  return provider.stream({
    messages: chatMessages(history, { persona, internalNote, longMode: options.longMode }),
    ...samplingFor(options.longMode),
    signal,
  });
}

/**
 * Starts a turn's D1 work one timer turn after its model call was issued, so that the model's request leaves first:
 * a local D1 runs its SQL on the hub's own thread and would otherwise hold the request back by the whole query
 * (about 8 ms at p50 in `npm run bench:chat`). A distant D1 loses nothing by it
 * (docs/decisions/0028-the-d1-round-trip-budget.md).
 */
export function afterTheRequestLeft<T>(work: () => Promise<T>): Promise<T> {
  return new Promise<void>((resolve) => setTimeout(resolve, 0)).then(work);
}
