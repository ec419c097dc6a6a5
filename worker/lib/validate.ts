import type { Context } from "hono";
import * as z from "zod/mini";
import { fieldErrors } from "~/schemas/common";
import { ApiError } from "./errors";

const MAX_BODY_BYTES = 64 * 1024;

/**
 * Reads the JSON body and validates it with a shared schema; any problem becomes a 400 with per-field messages.
 * `maxBytes` raises the size limit for the few bodies that carry more (a chat's recent messages).
 */
export async function readJson<S extends z.ZodMiniType>(c: Context, schema: S, { maxBytes = MAX_BODY_BYTES }: { maxBytes?: number } = {}): Promise<z.output<S>> {
  const length = Number(c.req.header("content-length") ?? 0);
  if (length > maxBytes) throw new ApiError(413, "payload_too_large", "That request is too large.");
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new ApiError(400, "invalid_json", "The request body must be JSON.");
  }
  const result = schema.safeParse(body);
  if (!result.success) {
    const fields = fieldErrors(result.error);
    const message = Object.values(fields)[0] ?? "Please check the form and try again.";
    throw new ApiError(400, "invalid_input", message, fields);
  }
  return result.data;
}
