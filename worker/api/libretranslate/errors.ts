// LibreTranslate's error shape, {"error": "..."}, with its statuses (docs/decisions/0019-libretranslate-api.md):
// 400 bad input or a missing key, 403 a wrong key, 429 a key over its limit ("Slowdown: …"), 500 the engine's
// failure. Our services' errors are put in those words here, in the router, which decides statuses.
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ApiError, DomainError } from "../../lib/errors";

/** An answer in LibreTranslate's words, thrown by the /lt handlers. */
export class LtError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const invalidRequest = (detail: string) => new LtError(400, `Invalid request: ${detail}`);
export const missingParameter = (name: string) => invalidRequest(`missing ${name} parameter`);
export const notSupported = (what: string) => new LtError(400, `${what} is not supported`);

/** Any error as LibreTranslate would answer it; the unexpected ones are logged (never the request's text). */
function asLtError(error: unknown): LtError {
  if (error instanceof LtError) return error;
  if (error instanceof DomainError) {
    const retry: Record<string, string> = error.retryAfterSeconds === undefined ? {} : { "Retry-After": String(error.retryAfterSeconds) };
    if (error.kind === "rate_limited") return new LtError(429, `Slowdown: ${error.message}`, retry);
    if (error.kind === "invalid_input") return new LtError(400, error.message);
    if (error.kind === "forbidden" || error.kind === "not_signed_in") return new LtError(403, error.message);
    if (error.kind === "not_found") return new LtError(404, error.message);
    if (error.kind === "upstream_failed") return new LtError(502, `Cannot translate text: ${error.message}`);
    if (error.kind === "not_configured") return new LtError(500, `Cannot translate text: ${error.message}`);
  }
  // The shared body limit speaks ApiError (413).
  if (error instanceof ApiError) return new LtError(error.status, error.message, error.headers);
  console.error("LibreTranslate API error", error);
  return new LtError(500, "Something went wrong on our side. Please try again.");
}

export function ltErrorResponse(error: unknown, c: Context) {
  const answer = asLtError(error);
  return c.json({ error: answer.message }, answer.status, answer.headers);
}
