import { env } from "cloudflare:test";
import type { RateLimitWindow } from "@worker/lib/rate-limit";

/** A fixed window: a rule of lib/rate-limit-rules.ts, or an API key's UTC minute or day. */
type FixedWindow = Pick<RateLimitWindow, "windowSeconds">;

/**
 * Limits count in fixed windows. A test that spends one must send all its requests inside the same window, or the
 * count starts again halfway and the request meant to be refused passes. So it starts only when at least
 * `needSeconds` are left in the current window (waiting for the next one otherwise): enough for its requests on a
 * loaded CI machine, where one that hashes a password or solves a proof can take a second.
 */
export async function clearOfTheWindowEnd(window: FixedWindow, needSeconds = 10) {
  const windowMs = window.windowSeconds * 1000;
  const left = windowMs - (Date.now() % windowMs);
  if (left < needSeconds * 1000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

/**
 * Fills `rule`'s current window for `subject` with `count` hits (by default its limit: the next hit is the first one
 * refused), leaving at least `needSeconds` of the window for the test's own requests.
 */
export async function fillWindow(rule: RateLimitWindow, subject: string, count = rule.limit, needSeconds = 10) {
  await clearOfTheWindowEnd(rule, needSeconds);
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = Math.floor(Date.now() / windowMs) * windowMs;
  await env.DB.prepare("INSERT OR REPLACE INTO rate_limits (key, window_start, count) VALUES (?, ?, ?)")
    .bind(`${rule.name}:${subject}`, windowStart, count)
    .run();
}
