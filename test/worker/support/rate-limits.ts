import { env } from "cloudflare:test";
import type { RateLimitWindow } from "@worker/lib/rate-limit";

/**
 * Limits count in fixed windows (lib/rate-limit.ts, and an API key's UTC minute and day). A test that fills or spends
 * one starts at least 10 s before the window ends, so that its requests all land in the same window.
 */
export async function clearOfTheWindowEnd(windowMs: number) {
  const left = windowMs - (Date.now() % windowMs);
  if (left < 10_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

/** Fills `rule`'s current window for `subject` with `count` hits (its limit: the next hit is the first one refused). */
export async function fillWindow(rule: RateLimitWindow, subject: string, count = rule.limit) {
  const windowMs = rule.windowSeconds * 1000;
  await clearOfTheWindowEnd(windowMs);
  const now = Date.now();
  const windowStart = Math.floor(now / windowMs) * windowMs;
  await env.DB.prepare("INSERT OR REPLACE INTO rate_limits (key, window_start, count) VALUES (?, ?, ?)")
    .bind(`${rule.name}:${subject}`, windowStart, count)
    .run();
}
