// The one error shape of the API: { error: { code, message, fields? } }.
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { FieldErrors } from "@core/schemas/common";
import { DomainError, type DomainErrorKind } from "../services/errors";

export type ApiErrorBody = { error: { code: string; message: string; fields?: FieldErrors } };

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly fields?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }

  toBody(): ApiErrorBody {
    return { error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) } };
  }

  /** The same answer outside Hono (the path guard answers with it before the router runs). */
  toResponse(): Response {
    return Response.json(this.toBody(), { status: this.status, headers: this.headers });
  }
}

/** docs/product.md#accounts: any signed-in-only request without a live session. */
export const notSignedIn = () => new ApiError(401, "not_signed_in", "Not signed in");

/** Another user's conversation, or one that does not exist: the same 404 either way. */
export const conversationNotFound = () => new ApiError(404, "not_found", "Conversation not found.");

/** The one table from a service's error to an HTTP status (the JSON API and the page actions both use it). */
const STATUS_OF: Record<DomainErrorKind, ContentfulStatusCode> = {
  invalid_input: 400,
  not_signed_in: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  upstream_failed: 502,
  not_configured: 503,
  unavailable: 503,
};

/** A service's DomainError as the API's answer; an ApiError stays as it is. */
export function toApiError(error: DomainError | ApiError): ApiError {
  if (error instanceof ApiError) return error;
  const headers = error.retryAfterSeconds === undefined ? undefined : { "Retry-After": String(error.retryAfterSeconds) };
  return new ApiError(STATUS_OF[error.kind], error.code, error.message, error.fields, headers);
}

export { DomainError };

export function errorResponse(c: Context, error: ApiError) {
  return c.json(error.toBody(), error.status, error.headers);
}
