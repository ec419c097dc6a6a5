// Request bodies are counted as they arrive: a chunked body declares no length, and a declared one is checked at
// once but never trusted to stop the reading. Nothing here reads a body ahead of its route: whoever asks for it
// first (the validation middleware, after the route's session and rate-limit checks) reads through the count,
// and whatever is left once the answer is ready is settled here, so that every answer leaves the connection usable.
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../types";
import { ApiError } from "./errors";

/** What a request body may carry unless its route declares its own limit with bodyLimit(). */
export const DEFAULT_BODY_MAX_BYTES = 64 * 1024;

const payloadTooLarge = () => new ApiError(413, "payload_too_large", "That request is too large.");

const BODILESS_METHODS = new Set(["GET", "HEAD"]);

/** The Content-Length the client declared, when it framed the body by it (not by chunks). */
function declaredLength(headers: Headers): number | undefined {
  const value = headers.get("content-length");
  if (value === null || headers.has("transfer-encoding")) return undefined;
  const length = Number(value);
  return Number.isSafeInteger(length) && length >= 0 ? length : undefined;
}

/**
 * A refused or unread body is still read and dropped up to this size (or its route's limit, if larger) before the
 * answer leaves, so that the client's connection can carry its next request: a body cut off mid-way costs the
 * connection, and it takes wrangler's local dev proxy down with it. Past this size it is cancelled instead.
 */
export const DRAIN_MAX_BYTES = 1024 * 1024;

/** Reads and drops the rest of a body until its end, or cancels it once `received` passes `maxBytes`. */
async function dropRest(reader: ReadableStreamDefaultReader<Uint8Array>, received: number, maxBytes: number) {
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      received += value.byteLength;
      if (received > maxBytes) return await reader.cancel();
    }
  } catch {
    // A body that failed part-way (the client went away) has nothing left to drop.
  }
}

/**
 * Drops what a handler left of a body (see DRAIN_MAX_BYTES); a declared length past `maxBytes` is cancelled
 * unread. It must run before the response is returned: workerd detaches the request body once it is sent.
 */
export async function discardBody(request: Request, maxBytes = DRAIN_MAX_BYTES) {
  const { body } = request;
  if (!body || request.bodyUsed) return;
  if ((declaredLength(request.headers) ?? 0) > maxBytes) return body.cancel().catch(() => undefined);
  await dropRest(body.getReader(), 0, maxBytes);
}

/** What settles each counted body: it knows how much of the client's stream was read already. */
const countedRests = new WeakMap<Request, () => Promise<void>>();

/**
 * The body as a stream that errors with a 413 once it has brought more bytes than `maxBytes()` allows (asked at
 * each read, so a route's bodyLimit() applies though the stream was made before the route was known). The
 * client's stream is left as it is, for `rest` to settle. A high-water mark of 0 keeps it from reading ahead.
 */
function countedBody(source: ReadableStream<Uint8Array>, maxBytes: () => number, declared: number | undefined) {
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  let received = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!reader) {
          if ((declared ?? 0) > maxBytes()) return controller.error(payloadTooLarge());
          reader = source.getReader();
        }
        const { done, value } = await reader.read();
        if (done) return controller.close();
        received += value.byteLength;
        if (received > maxBytes()) return controller.error(payloadTooLarge());
        controller.enqueue(value);
      },
      cancel: (reason) => (reader ?? source).cancel(reason),
    },
    { highWaterMark: 0 },
  );
  const drainMax = () => Math.max(maxBytes(), DRAIN_MAX_BYTES);
  const rest = async () => {
    if (reader) return dropRest(reader, received, drainMax());
    if ((declared ?? 0) > drainMax()) return source.cancel().catch(() => undefined);
    return dropRest(source.getReader(), 0, drainMax());
  };
  return { stream, rest };
}

/**
 * Puts every /api request body behind the byte count, with DEFAULT_BODY_MAX_BYTES as its limit until the route
 * says otherwise. Any reader (c.req.json(), text(), the validation middleware) gets a 413 past the limit.
 */
export const countBodyBytes: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set("bodyMaxBytes", DEFAULT_BODY_MAX_BYTES);
  const { body } = c.req.raw;
  const declared = declaredLength(c.req.raw.headers);
  // A declared length is what HTTP framing delivers, no more: within the default it needs no counting (a route
  // with a lower limit refuses it in bodyLimit). Counting costs a stream in front of every read.
  const withinDeclared = declared !== undefined && declared <= DEFAULT_BODY_MAX_BYTES;
  if (body && !BODILESS_METHODS.has(c.req.method) && !withinDeclared) {
    const maxBytes = () => c.get("bodyMaxBytes") ?? DEFAULT_BODY_MAX_BYTES;
    const counted = countedBody(body, maxBytes, declared);
    c.req.raw = new Request(c.req.raw, { body: counted.stream });
    countedRests.set(c.req.raw, counted.rest);
  }
  await next();
};

/**
 * A route's own body limit, first in its handler chain: a declared Content-Length over it is refused before the
 * session or rate-limit checks run, and a chunked body is stopped at the byte that crosses it.
 */
export function bodyLimit(maxBytes: number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set("bodyMaxBytes", maxBytes);
    if ((declaredLength(c.req.raw.headers) ?? 0) > maxBytes) throw payloadTooLarge();
    await next();
  };
}

/** Settles the body of every answer, early ones (401, 403, 413, 429) included, in one place. */
export const settleRequestBody: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  await (countedRests.get(c.req.raw)?.() ?? discardBody(c.req.raw));
};
