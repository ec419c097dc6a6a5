// The one error shape of the API: { error: { code, message, fields? } }.
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { FieldErrors } from "~/schemas/common";

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
}

export function errorResponse(c: Context, error: ApiError) {
  return c.json(error.toBody(), error.status, error.headers);
}
