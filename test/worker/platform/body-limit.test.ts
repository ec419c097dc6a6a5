// Bounded request bodies: every /api body is counted as it arrives (declared by Content-Length or chunked), a
// route's limit is its own, the rate limits and session checks answer before a body is parsed, and early
// answers settle the body (drained when small, cancelled when over the limit).
import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMITS } from "@worker/lib/rate-limit-rules";
import { cookieHeader, signedInAccount } from "../support/auth";
import { fillWindow } from "../support/rate-limits";
import { withProof } from "../support/proof";
import { newClientIp, ORIGIN, postJson } from "../support/requests";

const KIB = 1024;
const DEFAULT_LIMIT = 64 * KIB;
const CHAT_LIMIT = 1024 * KIB;
const CHUNK = 16 * KIB;
/** How much of a refused body is still read (and dropped) before it is cancelled. */
const DRAIN_LIMIT = 1024 * KIB;
const TOO_LARGE = { error: { code: "payload_too_large", message: "That request is too large." } };

type Meter = { pulled: number; finished: boolean };

/** A body the test can watch: `prefix`, then spaces up to `totalBytes`, handed out one chunk per read. */
function meteredBody(totalBytes: number, prefix = "") {
  const meter: Meter = { pulled: 0, finished: false };
  const head = new TextEncoder().encode(prefix);
  const spaces = new TextEncoder().encode(" ".repeat(CHUNK));
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (meter.pulled >= totalBytes) {
          meter.finished = true;
          return controller.close();
        }
        const next = meter.pulled === 0 && head.byteLength > 0 ? head : spaces.subarray(0, Math.min(CHUNK, totalBytes - meter.pulled));
        meter.pulled += next.byteLength;
        controller.enqueue(next);
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, meter };
}

type Framing = "content-length" | "chunked";
type Send = { path: string; method?: string; bytes: number; framing: Framing; prefix?: string; headers?: Record<string, string> };

/** How much the Worker may have read past what it asked for: the runtime hands request bodies on a chunk ahead. */
const READ_AHEAD = 2 * CHUNK;

/** Lets the runtime go on pulling the body, were anything still reading it. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 50));

/**
 * Sends a body like a same-site page would: with its length declared (a buffered body), or chunked (a stream
 * without Content-Length, metered). Declared bodies left unread are checked in body-count.test.ts, where no
 * runtime pump stands between the stream and the Worker.
 */
async function send({ path, method = "POST", bytes, framing, prefix, headers = {} }: Send) {
  const { stream, meter } = meteredBody(bytes, prefix);
  const body = framing === "content-length" ? new Uint8Array(await new Response(stream).arrayBuffer()) : stream;
  const init: RequestInit & { duplex: "half" } = {
    method,
    headers: { "content-type": "application/json", origin: ORIGIN, "sec-fetch-site": "same-origin", "cf-connecting-ip": newClientIp(), ...headers },
    body,
    duplex: "half",
  };
  const response = await SELF.fetch(`${ORIGIN}${path}`, init);
  return { response, meter };
}

let signedIn: Record<string, string> = {};
beforeAll(async () => {
  signedIn = { cookie: cookieHeader((await signedInAccount()).cookies) };
});

type Route = { name: string; path: string; method?: string; limit: number; session?: boolean };
const ROUTES: Route[] = [
  { name: "subscribe", path: "/api/subscriptions", limit: DEFAULT_LIMIT },
  { name: "sign-in", path: "/api/auth/token", limit: DEFAULT_LIMIT },
  { name: "contact form", path: "/api/forms/contact", limit: DEFAULT_LIMIT },
  { name: "translate", path: "/api/translate", limit: DEFAULT_LIMIT, session: true },
  { name: "account settings", path: "/api/account/settings", method: "PUT", limit: DEFAULT_LIMIT, session: true },
  { name: "chat turn", path: "/api/ai", limit: CHAT_LIMIT, session: true },
  { name: "streamed chat answer", path: "/api/ai-stream", limit: CHAT_LIMIT, session: true },
];
const CASES = ROUTES.flatMap((route) => (["content-length", "chunked"] as const).map((framing) => ({ ...route, framing })));

describe("body limits", () => {
  it.each(CASES)("$name refuses one byte over its limit with 413 ($framing)", async ({ path, method, limit, session, framing }) => {
    const { response, meter } = await send({ path, method, bytes: limit + 1, framing, headers: session ? signedIn : {} });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual(TOO_LARGE);
    // A chunked body is read no further than the chunk that crosses the limit.
    await settled();
    if (framing === "chunked") expect(meter.pulled).toBeLessThanOrEqual(limit + READ_AHEAD);
  });

  it.each(["content-length", "chunked"] as const)("accepts a body of exactly the limit (%s)", async (framing) => {
    const email = `exact-${framing}@example.com`;
    const { response } = await send({
      path: "/api/subscriptions",
      bytes: DEFAULT_LIMIT,
      framing,
      prefix: JSON.stringify(await withProof({ email })),
    });
    expect(response.status).toBe(200);
  });

  it.each(["content-length", "chunked"] as const)("reads a chat body over the default limit, within its route's own (%s)", async (framing) => {
    const { response } = await send({ path: "/api/ai", bytes: 200 * KIB, framing, prefix: "not json", headers: signedIn });
    expect(response.status).toBe(400);
    expect(((await response.json()) as typeof TOO_LARGE).error.code).toBe("invalid_json");
  });

  it("reads a refused chunked body to its end when it is within the drain limit", async () => {
    const { response, meter } = await send({ path: "/api/subscriptions", bytes: 2 * DEFAULT_LIMIT, framing: "chunked" });
    expect(response.status).toBe(413);
    expect(meter).toEqual({ pulled: 2 * DEFAULT_LIMIT, finished: true });
  });

  it("stops reading a chunked body that goes on far past the limit", async () => {
    const { response, meter } = await send({ path: "/api/subscriptions", bytes: 50 * CHAT_LIMIT, framing: "chunked" });
    expect(response.status).toBe(413);
    await settled();
    expect(meter.pulled).toBeLessThanOrEqual(DRAIN_LIMIT + READ_AHEAD);
  });
});

describe("order of the checks", () => {
  it("the per-address limit of an auth route answers before the body is read", async () => {
    const ip = newClientIp();
    // Malformed bodies still count: the limit runs first, and the last allowed one is answered 400 only after counting.
    // (Issue 16 raised this per-address ceiling to a coarse outer bound: the window is filled up to one below it.)
    await fillWindow(RATE_LIMITS.emailLinkIp, ip, RATE_LIMITS.emailLinkIp.limit - 1);
    expect((await postJson("/api/auth/magic-link", "{", { "cf-connecting-ip": ip })).status).toBe(400);
    const { response, meter } = await send({
      path: "/api/auth/magic-link",
      bytes: 50 * CHAT_LIMIT,
      framing: "chunked",
      headers: { "cf-connecting-ip": ip },
    });
    expect(response.status).toBe(429);
    expect(((await response.json()) as typeof TOO_LARGE).error.code).toBe("rate_limited");
    // Only the bounded drain of the early answer read anything, and it gave up at its limit. (The runtime may log
    // "Network connection lost" here: that is this test's own body pump, finding the rest of its body refused.)
    await settled();
    expect(meter.pulled).toBeLessThanOrEqual(DRAIN_LIMIT + READ_AHEAD);
  });

  it("a signed-out request is answered 401 without its body being parsed", async () => {
    const response = await postJson("/api/translate", "{ not json");
    expect(response.status).toBe(401);
    expect(((await response.json()) as typeof TOO_LARGE).error.code).toBe("not_signed_in");
  });
});

// Larger than what the runtime reads ahead on its own, so that only the Worker's drain can finish these bodies.
const UNREAD = 3 * CHUNK;

describe("early answers settle the body", () => {
  it("drains an unread body behind a 401", async () => {
    const { response, meter } = await send({ path: "/api/translate", bytes: UNREAD, framing: "chunked" });
    expect(response.status).toBe(401);
    expect(meter).toEqual({ pulled: UNREAD, finished: true });
  });

  it("drains an unread body behind a cross-site 403", async () => {
    const { response, meter } = await send({
      path: "/api/subscriptions",
      bytes: UNREAD,
      framing: "chunked",
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(response.status).toBe(403);
    expect(meter).toEqual({ pulled: UNREAD, finished: true });
  });

  it("drains a body sent to an endpoint that takes none", async () => {
    const { response, meter } = await send({ path: "/api/auth/logout", bytes: UNREAD, framing: "chunked" });
    expect(response.status).toBe(200);
    expect(meter.finished).toBe(true);
  });
});
