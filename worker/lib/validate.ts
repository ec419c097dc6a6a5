import type { Context, MiddlewareHandler } from "hono";
import type * as z from "zod/mini";
import { fieldErrors } from "@core/schemas/common";
import type { AppEnv } from "../types";
import { ApiError } from "./errors";

const invalidJson = () => new ApiError(400, "invalid_json", "The request body must be JSON.");

/** The one answer to a body that fails its schema: a 400 with a message per field. */
function invalidInput(error: z.core.$ZodError): ApiError {
  const fields = fieldErrors(error);
  const message = Object.values(fields)[0] ?? "Please check the form and try again.";
  return new ApiError(400, "invalid_input", message, fields);
}

/** Each request's parsed body, so that a middleware peeking at a field and the validation after it parse once. */
const parsedBodies = new WeakMap<Request, Promise<unknown>>();

async function parseJson(c: Context): Promise<unknown> {
  try {
    return JSON.parse(await c.req.text());
  } catch (error) {
    // A body over its limit stays a 413 (see countBodyBytes); anything else unreadable is not JSON.
    throw error instanceof ApiError ? error : invalidJson();
  }
}

/** The body parsed as JSON, read and parsed once per request. */
export function jsonBody(c: Context): Promise<unknown> {
  const parsed = parsedBodies.get(c.req.raw) ?? parseJson(c);
  parsedBodies.set(c.req.raw, parsed);
  return parsed;
}

type JsonInput<S extends z.ZodMiniType> = { in: { json: z.input<S> }; out: { json: z.output<S> } };

/**
 * Validates the JSON body with a shared schema before the handler runs; the handler reads the result with
 * c.req.valid("json"). Placed after the route's session and rate-limit middleware, so nothing parses a body
 * that those would refuse.
 */
export function validJson<S extends z.ZodMiniType>(schema: S): MiddlewareHandler<AppEnv, string, JsonInput<S>> {
  return async (c, next) => {
    const result = schema.safeParse(await jsonBody(c));
    if (!result.success) throw invalidInput(result.error);
    c.req.addValidatedData("json", result.data as object);
    await next();
  };
}
