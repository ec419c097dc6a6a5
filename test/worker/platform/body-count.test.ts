// The byte count and the settling of unread bodies, on a small Hono app called directly: the test's stream is
// the request body itself, so what it hands out is exactly what the middleware read, and a cancel reaches it.
import { Hono, type Context } from "hono";
import { describe, expect, it } from "vitest";
import { bodyLimit, countBodyBytes, DEFAULT_BODY_MAX_BYTES, DRAIN_MAX_BYTES, settleRequestBody } from "../../../worker/lib/body-limit";
import { ApiError, errorResponse, notSignedIn } from "../../../worker/lib/errors";
import type { AppEnv } from "../../../worker/types";

const CHUNK = 16 * 1024;
const FAR_TOO_LARGE = 8 * DRAIN_MAX_BYTES;

type Meter = { pulled: number; finished: boolean; cancelled: boolean };

function meteredBody(totalBytes: number) {
  const meter: Meter = { pulled: 0, finished: false, cancelled: false };
  const chunk = new Uint8Array(CHUNK).fill(0x20);
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (meter.pulled >= totalBytes) {
          meter.finished = true;
          return controller.close();
        }
        const next = chunk.subarray(0, Math.min(CHUNK, totalBytes - meter.pulled));
        meter.pulled += next.byteLength;
        controller.enqueue(next);
      },
      cancel() {
        meter.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, meter };
}

const lengthOfText = async (c: Context<AppEnv>) => c.text(String((await c.req.text()).length));

/** The body of the request being sent, and how much of it had been handed out when the handler failed. */
let watched: Meter | undefined;
let pulledAtFailure: number | undefined;

const app = new Hono<AppEnv>()
  .use("*", settleRequestBody)
  .use("*", countBodyBytes)
  .post("/read", lengthOfText)
  .post("/larger", bodyLimit(4 * DEFAULT_BODY_MAX_BYTES), lengthOfText)
  .post("/refuse", () => {
    throw notSignedIn();
  })
  .onError((error, c) => {
    pulledAtFailure = watched?.pulled;
    return error instanceof ApiError ? errorResponse(c, error) : c.text(String(error), 500);
  });

function post(path: string, totalBytes: number, framing: "declared" | "chunked") {
  const { stream, meter } = meteredBody(totalBytes);
  watched = meter;
  pulledAtFailure = undefined;
  const headers: Record<string, string> = framing === "declared" ? { "content-length": String(totalBytes) } : {};
  const init: RequestInit & { duplex: "half" } = { method: "POST", headers, body: stream, duplex: "half" };
  return { answer: app.request(path, init), meter };
}

describe("the byte count", () => {
  it("refuses a declared length over the limit before reading a byte", async () => {
    const { answer, meter } = post("/read", FAR_TOO_LARGE, "declared");
    expect((await answer).status).toBe(413);
    expect(pulledAtFailure).toBe(0);
    // Past the drain limit too, the rest is cancelled unread.
    expect(meter).toEqual({ pulled: 0, finished: false, cancelled: true });
  });

  it("stops any reader at the chunk that crosses the limit, with a 413", async () => {
    const { answer, meter } = post("/read", FAR_TOO_LARGE, "chunked");
    const response = await answer;
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: { code: "payload_too_large", message: "That request is too large." } });
    expect(pulledAtFailure).toBeLessThanOrEqual(DEFAULT_BODY_MAX_BYTES + CHUNK);
    // Then the rest is dropped up to the drain limit, and cancelled past it.
    expect(meter.pulled).toBeLessThanOrEqual(DRAIN_MAX_BYTES + CHUNK);
    expect(meter.cancelled).toBe(true);
  });

  it.each(["declared", "chunked"] as const)("drops to its end a refused body within the drain limit (%s)", async (framing) => {
    const { answer, meter } = post("/read", 2 * DEFAULT_BODY_MAX_BYTES, framing);
    expect((await answer).status).toBe(413);
    expect(meter).toEqual({ pulled: 2 * DEFAULT_BODY_MAX_BYTES, finished: true, cancelled: false });
  });

  it.each(["declared", "chunked"] as const)("lets a route declare a larger limit (%s)", async (framing) => {
    const { answer } = post("/larger", 3 * DEFAULT_BODY_MAX_BYTES, framing);
    const response = await answer;
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(String(3 * DEFAULT_BODY_MAX_BYTES));
  });
});

describe("settling an unread body", () => {
  it.each(["declared", "chunked"] as const)("drains a body within the drain limit to its end (%s)", async (framing) => {
    const { answer, meter } = post("/refuse", DRAIN_MAX_BYTES, framing);
    expect((await answer).status).toBe(401);
    expect(meter).toEqual({ pulled: DRAIN_MAX_BYTES, finished: true, cancelled: false });
  });

  it("cancels a declared body over the drain limit without reading it", async () => {
    const { answer, meter } = post("/refuse", FAR_TOO_LARGE, "declared");
    expect((await answer).status).toBe(401);
    expect(meter).toEqual({ pulled: 0, finished: false, cancelled: true });
  });

  it("cancels a chunked body once it has brought more than the drain limit", async () => {
    const { answer, meter } = post("/refuse", FAR_TOO_LARGE, "chunked");
    expect((await answer).status).toBe(401);
    expect(meter.pulled).toBeLessThanOrEqual(DRAIN_MAX_BYTES + CHUNK);
    expect(meter.cancelled).toBe(true);
  });
});
