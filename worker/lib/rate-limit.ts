import { sql } from "drizzle-orm";
import type { Context } from "hono";
import type { Database } from "../db/client";
import { rateLimits } from "../db/schema";
import { ApiError } from "./errors";

export type RateLimitRule = {
  /** What is limited, e.g. "forms" or "subscribe". */
  name: string;
  limit: number;
  windowSeconds: number;
};

/**
 * Counts one hit against `rule` for `subject` (an IP or an email) in a fixed window, atomically
 * in D1 so that concurrent requests cannot slip past the limit. Throws a 429 with Retry-After when over.
 */
export async function enforceRateLimit(db: Database, rule: RateLimitRule, subject: string, now = Date.now()) {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = Math.floor(now / windowMs) * windowMs;
  const [row] = await db
    .insert(rateLimits)
    .values({ key: `${rule.name}:${subject}`, windowStart, count: 1 })
    .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { count: sql`${rateLimits.count} + 1` } })
    .returning({ count: rateLimits.count });
  if ((row?.count ?? 0) > rule.limit) {
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
  return c.req.header("cf-connecting-ip") ?? c.req.header("x-real-ip") ?? "local";
}
