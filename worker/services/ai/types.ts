// The one interface every chat model provider implements: a streamed chat completion.
import { UpstreamFailed } from "../errors";

export type ProviderId = "openai" | "workers-ai";

export type ProviderMessage = { role: "system" | "user" | "assistant"; content: string };

export type CompletionRequest = {
  messages: ProviderMessage[];
  temperature: number;
  maxTokens: number;
  /** Aborting ends the upstream call; the deltas' iteration then rejects with the signal's reason. */
  signal?: AbortSignal;
};

export interface ChatProvider {
  readonly id: ProviderId;
  readonly model: string;
  /**
   * Starts a completion. Resolves once the upstream has accepted the request (so an HTTP error is known
   * before anything is sent to the browser) and rejects with a ProviderError otherwise. Iterating the
   * result yields each piece of text as soon as it arrives; it rejects with a ProviderError when the
   * stream fails or is cut before the model finished.
   */
  stream(request: CompletionRequest): Promise<AsyncIterable<string>>;
}

/** Upstream error bodies are cut to this length before they reach the browser. */
export const ERROR_BODY_MAX_CHARS = 500;

/**
 * The model answered with an HTTP error (status set), could not be reached, or its stream failed. The client
 * reads the message as "HTTP {status}: {body}".
 */
export class ProviderError extends UpstreamFailed {
  constructor(
    /** The upstream's HTTP status, or null when there was none (network failure, broken stream). */
    readonly status: number | null,
    readonly detail: string,
  ) {
    super("upstream_error", status === null ? detail : `HTTP ${status}: ${detail}`);
  }
}

/**
 * The readable part of an upstream error body: the OpenAI-style `error.message` (or a string `error`,
 * or `errors[0].message` from Workers AI) when the body is JSON, else the text, trimmed and cut.
 */
export function errorDetail(body: string): string {
  let detail = body.trim();
  try {
    const json = JSON.parse(detail) as { error?: { message?: unknown } | string; message?: unknown; errors?: { message?: unknown }[] } | null;
    const candidate = typeof json?.error === "string" ? json.error : (json?.error?.message ?? json?.errors?.[0]?.message ?? json?.message);
    if (typeof candidate === "string" && candidate.trim()) detail = candidate.trim();
  } catch {
    // Not JSON: the text itself is the detail.
  }
  if (!detail) return "The model returned an empty error.";
  return detail.length > ERROR_BODY_MAX_CHARS ? `${detail.slice(0, ERROR_BODY_MAX_CHARS)}…` : detail;
}
