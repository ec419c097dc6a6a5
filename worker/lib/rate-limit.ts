import { sql } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import type { Database } from "../db/client";
import { rateLimits } from "../db/schema";
import type { AppEnv } from "../types";
import { ApiError } from "./errors";
import { requireUser } from "./permissions";

export type RateLimitRule = {
  /** What is limited, e.g. "forms" or "subscribe". */
  name: string;
  limit: number;
  windowSeconds: number;
};

/**
 * What this isolate last heard from D1 about each counter in its current window, and how many of its own
 * hits are still being counted. Only a hint for `rateLimitHeadroom`: every verdict comes from D1.
 */
type Seen = { windowStart: number; heard: boolean; count: number; inFlight: number };
const seen = new Map<string, Seen>();
const SEEN_MAX_KEYS = 5_000;

/**
 * Whether this isolate's own view of the counter (the count D1 last returned in this window, plus its hits still
 * being counted) leaves room under the limit. Nothing known yet, or the limit near, is false. Only a hint: a
 * caller may start work that matters only if the hit is allowed before `enforceRateLimit` settles, never skip it.
 */
export function rateLimitHeadroom(rule: RateLimitRule, subject: string, now = Date.now()) {
  const view = seen.get(`${rule.name}:${subject}`);
  return view?.heard === true && view.windowStart === windowOf(rule, now) && view.count + view.inFlight < rule.limit;
}

const windowOf = (rule: RateLimitRule, now: number) => Math.floor(now / (rule.windowSeconds * 1000)) * rule.windowSeconds * 1000;

/**
 * Counts one hit against `rule` for `subject` (an IP or an email) in a fixed window, atomically
 * in D1 so that concurrent requests cannot slip past the limit. Throws a 429 with Retry-After when over.
 */
export async function enforceRateLimit(db: Database, rule: RateLimitRule, subject: string, now = Date.now()) {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = windowOf(rule, now);
  const key = `${rule.name}:${subject}`;
  let view = seen.get(key);
  if (view?.windowStart !== windowStart) {
    if (seen.size >= SEEN_MAX_KEYS) seen.clear();
    view = { windowStart, heard: false, count: 0, inFlight: 0 };
    seen.set(key, view);
  }
  view.inFlight++;
  let count: number;
  try {
    const [row] = await db
      .insert(rateLimits)
      .values({ key, windowStart, count: 1 })
      .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { count: sql`${rateLimits.count} + 1` } })
      .returning({ count: rateLimits.count });
    count = row?.count ?? 0;
  } finally {
    view.inFlight--;
  }
  // Answers can arrive out of order: keep the highest (a newer window replaces this view entirely).
  view.count = Math.max(view.count, count);
  view.heard = true;
  if (count > rule.limit) {
    const retryAfter = Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000));
    throw new ApiError(429, "rate_limited", "Too many requests. Please wait a moment and try again.", undefined, {
      "Retry-After": String(retryAfter),
    });
  }
}

/** Deletes windows that ended more than a day ago. */
export async function pruneRateLimits(db: Database, now = Date.now()) {
  await db.delete(rateLimits).where(sql`${rateLimits.windowStart} < ${now - 24 * 60 * 60 * 1000}`);
}

/** The client's address as Cloudflare reports it; local servers without the header share one bucket. */
export function clientIp(c: Context) {
  return requestIp(c.req.raw);
}

/** clientIp for code that has the Request, not a Hono context (page actions). */
export function requestIp(request: Request) {
  return request.headers.get("cf-connecting-ip") ?? request.headers.get("x-real-ip") ?? "local";
}

/**
 * The per-address limit as route middleware. It goes ahead of the body's validation: a flooding client costs one
 * counter write a request, and its bodies are never parsed.
 */
export function limitByIp(rule: RateLimitRule): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await enforceRateLimit(c.var.db, rule, clientIp(c));
    await next();
  };
}

/** The per-account limit as route middleware, for signed-in routes (a signed-out request is a 401 here). */
export function limitByUser(rule: RateLimitRule): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await enforceRateLimit(c.var.db, rule, requireUser(c).id);
    await next();
  };
}
