import { env } from "cloudflare:test";
import type { RateLimitWindow } from "@worker/lib/rate-limit";

/** Fills `rule`'s current window for `subject` with `count` hits (its limit: the next hit is the first one refused). */
export async function fillWindow(rule: RateLimitWindow, subject: string, count = rule.limit, now = Date.now()) {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = Math.floor(now / windowMs) * windowMs;
  await env.DB.prepare("INSERT OR REPLACE INTO rate_limits (key, window_start, count) VALUES (?, ?, ?)")
    .bind(`${rule.name}:${subject}`, windowStart, count)
    .run();
}
