// The rate-limit mechanism (docs/decisions/0010-rate-limits.md). The rules are in rate-limit-rules.ts; each names
// its key (user, ip or email), and the functions here find that subject in the request themselves, so a rule is
// always counted per what it says. Rules counted "d1" live here, in D1 fixed windows; the one counted "hub" (the
// chat stream) is a sliding window in the user's Durable Object (realtime/generation.ts).
import { sql, type SQL } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import type { Database } from "../db/client";
import { rateLimits } from "../db/schema";
import { RateLimited } from "../services/errors";
import type { AppEnv } from "../types";
import { requireUser } from "./permissions";
import { jsonBody } from "./validate";

/** One counter: what is limited, and how many hits a window allows. */
export type RateLimitWindow = {
  /** What is limited, e.g. "forms" or "subscribe". */
  name: string;
  limit: number;
  windowSeconds: number;
};

/**
 * A rule of the table. `key`: per account where there is one, per client address as an outer bound, per email
 * address for the signed-out flows. `counter`: where the hits are counted.
 */
export type RateLimitRule = RateLimitWindow & { key: "user" | "ip" | "email"; counter: "d1" | "hub" };
type D1Rule = RateLimitRule & { counter: "d1" };
/** The keys found without reading the body. */
type HeaderOrSessionRule = D1Rule & { key: "user" | "ip" };

/**
 * What this isolate last heard from D1 about each counter in its current window, and how many of its own
 * hits are still being counted. Only a hint for `rateLimitHeadroom`: every verdict comes from D1.
 */
type Seen = { windowStart: number; heard: boolean; count: number; inFlight: number };
const seen = new Map<string, Seen>();
const SEEN_MAX_KEYS = 5_000;

const windowOf = (rule: RateLimitWindow, now: number) => Math.floor(now / (rule.windowSeconds * 1000)) * rule.windowSeconds * 1000;

/** The client's address as Cloudflare reports it; local servers without the header share one bucket. */
export function clientIp(c: Context) {
  return requestIp(c.req.raw);
}

/** clientIp for code that has the Request, not a Hono context (page actions). */
export function requestIp(request: Request) {
  return request.headers.get("cf-connecting-ip") ?? request.headers.get("x-real-ip") ?? "local";
}

/** The email address a signed-out flow's JSON body names, normalised as the accounts store it. */
function emailIn(body: unknown) {
  const email = typeof body === "object" && body !== null ? (body as { email?: unknown }).email : undefined;
  return typeof email === "string" ? email.trim().toLowerCase() : undefined;
}

/** The subject of a user or ip key (a signed-out request is a 401 for a user key). */
function headerOrSessionSubject(c: Context<AppEnv>, key: HeaderOrSessionRule["key"]) {
  return key === "user" ? requireUser(c).id : clientIp(c);
}

/**
 * The rule's subject in this request. An email key reads the JSON body (parsed once per request, shared with the
 * validation after it); a body that names no address is counted by the rule's ip companion only.
 */
async function subjectOf(c: Context<AppEnv>, rule: D1Rule): Promise<string | undefined> {
  if (rule.key === "email") return emailIn(await jsonBody(c));
  return headerOrSessionSubject(c, rule.key);
}

/**
 * Whether this isolate's own view of the counter (the count D1 last returned in this window, plus its hits still
 * being counted) leaves room under the limit. Nothing known yet, or the limit near, is false. Only a hint: a
 * caller may start work that matters only if the hit is allowed before `limitRequest` settles, never skip it.
 */
export function rateLimitHeadroom(c: Context<AppEnv>, rule: HeaderOrSessionRule, now = Date.now()) {
  return subjectHeadroom(rule, headerOrSessionSubject(c, rule.key), now);
}

/** rateLimitHeadroom for a subject the caller found itself (e.g. the user a signed access token names). */
export function subjectHeadroom(rule: RateLimitWindow, subject: string, now = Date.now()) {
  const view = seen.get(`${rule.name}:${subject}`);
  return view?.heard === true && view.windowStart === windowOf(rule, now) && view.count + view.inFlight < rule.limit;
}

/**
 * Counts one hit against `rule` for `subject` in a fixed window, atomically in D1 so that concurrent requests
 * cannot slip past the limit. Throws RateLimited (a 429 with Retry-After) when over. Routes use `rateLimit` or
 * `limitRequest`, which find the subject from the rule's key. With `onlyWhile` (e.g. liveSession()), the hit is
 * counted only while that SQL holds, in the same statement: false when it did not (nothing counted).
 */
export async function enforceRateLimit(db: Database, rule: RateLimitWindow, subject: string, now = Date.now(), onlyWhile?: SQL): Promise<boolean> {
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
    const [row] = onlyWhile ? await countHitWhile(db, key, windowStart, onlyWhile) : await countHit(db, key, windowStart);
    if (!row) return false;
    count = row.count;
  } finally {
    view.inFlight--;
  }
  // Answers can arrive out of order: keep the highest (a newer window replaces this view entirely).
  view.count = Math.max(view.count, count);
  view.heard = true;
  if (count > rule.limit) throw new RateLimited(Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)));
  return true;
}

const countHit = (db: Database, key: string, windowStart: number) =>
  db
    .insert(rateLimits)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { count: sql`${rateLimits.count} + 1` } })
    .returning({ count: rateLimits.count });

/** countHit, only while `condition` holds (an INSERT … SELECT … WHERE: no row, no update, nothing returned). */
const countHitWhile = (db: Database, key: string, windowStart: number, condition: SQL) =>
  db.all<{ count: number }>(sql`insert into rate_limits (key, window_start, count) select ${key}, ${windowStart}, 1 where ${condition}
    on conflict (key, window_start) do update set count = count + 1 returning count`);

/** Counts this request against `rule`, per the subject its key names; throws RateLimited when over. */
export async function limitRequest(c: Context<AppEnv>, rule: D1Rule) {
  const subject = await subjectOf(c, rule);
  if (subject !== undefined) await enforceRateLimit(c.var.db, rule, subject);
}

/**
 * `limitRequest` as route middleware. It goes after the session check and ahead of the body's validation: a
 * flooding client costs one counter write a request, and requests that fail validation still count. An email
 * rule goes after its ip companion, so a flood of addresses is stopped by the address limit first.
 */
export function rateLimit(rule: D1Rule): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await limitRequest(c, rule);
    await next();
  };
}

/**
 * The counter of a "hub" rule: a sliding window in memory, kept by the one Durable Object that sees every hit of
 * its subject (the user's hub), so counting costs no I/O. An evicted object starts counting afresh.
 * `take()` answers 0 when the hit is allowed, else the seconds to wait.
 */
export class SlidingWindow {
  private readonly hits: number[] = [];
  constructor(private readonly rule: { limit: number; windowMs: number }) {}

  take(now = Date.now()): number {
    // The hits before the first one still inside the window have left it.
    const inWindow = this.hits.findIndex((hit) => hit > now - this.rule.windowMs);
    this.hits.splice(0, inWindow === -1 ? this.hits.length : inWindow);
    const [oldest] = this.hits;
    if (oldest !== undefined && this.hits.length >= this.rule.limit) return Math.max(1, Math.ceil((oldest + this.rule.windowMs - now) / 1000));
    this.hits.push(now);
    return 0;
  }
}

/** Deletes windows that ended more than a day ago. */
export async function pruneRateLimits(db: Database, now = Date.now()) {
  await db.delete(rateLimits).where(sql`${rateLimits.windowStart} < ${now - 24 * 60 * 60 * 1000}`);
}
