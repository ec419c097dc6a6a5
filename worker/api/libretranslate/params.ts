// Reading a LibreTranslate request the way LibreTranslate does: a JSON object, or form fields (urlencoded or
// multipart) together with the query string. Each request's body is read once.
import type { Context } from "hono";
import { ApiError } from "../../lib/errors";
import type { AppEnv } from "../../types";
import { LtError } from "./errors";

/** A body over its limit stays the body limit's 413; anything else unreadable is the caller's mistake. */
const unreadable = (error: unknown, message: string) => (error instanceof ApiError ? error : new LtError(400, message));

export type LtParams = { isJson: boolean; get(name: string): unknown; file(name: string): File | null };

const cache = new WeakMap<Request, Promise<LtParams>>();

async function read(c: Context<AppEnv>): Promise<LtParams> {
  const type = c.req.header("content-type") ?? "";
  const query = new URL(c.req.url).searchParams;
  if (/^application\/json\b/i.test(type)) {
    let body: unknown;
    try {
      body = JSON.parse(await c.req.text());
    } catch (error) {
      throw unreadable(error, "Invalid JSON format");
    }
    if (typeof body !== "object" || body === null || Array.isArray(body)) throw new LtError(400, "Invalid JSON format");
    const fields = body as Record<string, unknown>;
    return { isJson: true, get: (name) => fields[name], file: () => null };
  }
  const isForm = /^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i.test(type);
  const form = isForm
    ? await c.req.formData().catch((error: unknown) => Promise.reject(unreadable(error, "Invalid request: unreadable form")))
    : null;
  return {
    isJson: false,
    get: (name) => {
      const value = form?.get(name);
      return typeof value === "string" ? value : (query.get(name) ?? undefined);
    },
    file: (name) => {
      const value = form?.get(name);
      return value instanceof File ? value : null;
    },
  };
}

/** The request's parameters, read once. */
export function ltParams(c: Context<AppEnv>): Promise<LtParams> {
  const known = cache.get(c.req.raw) ?? read(c);
  cache.set(c.req.raw, known);
  return known;
}
