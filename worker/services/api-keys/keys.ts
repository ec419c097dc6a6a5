// API keys for /lt (docs/decisions/0019-libretranslate-api.md): created and revoked by their owner, stored as the
// SHA-256 of a 256-bit random key (a fast hash is enough: nothing short or guessable is hashed, unlike a password).
// Using a key is one UPDATE … RETURNING that finds it by its hash, counts the request in the key's minute and its
// characters in the key's day (UTC), and stamps its last use: one D1 round trip before the engine is called.
import { and, count, desc, eq, sql } from "drizzle-orm";
import { API_KEYS_PER_ACCOUNT, type ApiKeySummary, type CreateApiKeyInput, type CreatedApiKey } from "@core/schemas/api-keys";
import type { Database } from "../../db/client";
import { apiKeys } from "../../db/schema";
import { Conflict, NotFound, RateLimited } from "../errors";

/** Keys start with this, so that secret scanners and people can tell what they are. */
const KEY_PREFIX = "plt_";
const SHOWN_CHARS = KEY_PREFIX.length + 6;
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

function base64url(bytes: Uint8Array) {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

export async function hashApiKey(key: string) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(key)));
  return [...digest].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

function summary(row: typeof apiKeys.$inferSelect): ApiKeySummary {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    requestsPerMinute: row.requestsPerMinute,
    charsPerDay: row.charsPerDay,
    createdAt: row.createdAt.getTime(),
    lastUsedAt: row.lastUsedAt?.getTime() ?? null,
  };
}

export async function listApiKeys(db: Database, userId: string): Promise<ApiKeySummary[]> {
  const rows = await db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(summary);
}

/** A new key for the user; the key itself is in the answer and nowhere else. */
export async function createApiKey(db: Database, userId: string, input: CreateApiKeyInput): Promise<CreatedApiKey> {
  const [held] = await db.select({ n: count() }).from(apiKeys).where(eq(apiKeys.userId, userId));
  if ((held?.n ?? 0) >= API_KEYS_PER_ACCOUNT) {
    throw new Conflict("too_many_api_keys", `You have ${API_KEYS_PER_ACCOUNT} keys already: revoke one you no longer use first.`);
  }
  const key = KEY_PREFIX + base64url(crypto.getRandomValues(new Uint8Array(32)));
  const [row] = await db
    .insert(apiKeys)
    .values({
      id: crypto.randomUUID(),
      userId,
      name: input.name,
      keyHash: await hashApiKey(key),
      prefix: key.slice(0, SHOWN_CHARS),
      requestsPerMinute: input.requestsPerMinute,
      charsPerDay: input.charsPerDay,
    })
    .returning();
  if (!row) throw new Error("the new API key was not stored");
  return { key, summary: summary(row) };
}

/** Revokes one of the user's keys: it stops working at once. Someone else's key is not found. */
export async function revokeApiKey(db: Database, userId: string, keyId: string): Promise<{ id: string }> {
  const [gone] = await db
    .delete(apiKeys)
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.userId, userId)))
    .returning({ id: apiKeys.id });
  if (!gone) throw new NotFound("There is no such key.");
  return gone;
}

/** A key that was found and charged: whose it is. */
export type ApiKeyUse = { keyId: string; userId: string };

/** Why a key was refused. */
export class ApiKeyLimitReached extends RateLimited {
  constructor(
    readonly limit: "minute" | "day",
    retryAfterSeconds: number,
    message: string,
  ) {
    super(retryAfterSeconds, message);
  }
}

/**
 * Finds the key by its hash and charges one request and `chars` characters to it; null when no such key exists.
 * Over either limit it throws ApiKeyLimitReached, and the refused request's characters are given back.
 */
export async function chargeApiKey(db: Database, key: string, chars: number, now = Date.now()): Promise<ApiKeyUse | null> {
  const minute = Math.floor(now / MINUTE_MS) * MINUTE_MS;
  const day = Math.floor(now / DAY_MS) * DAY_MS;
  const [row] = await db
    .update(apiKeys)
    .set({
      // SQLite evaluates every expression of an UPDATE against the row as it was: the windows reset together.
      minuteCount: sql`CASE WHEN ${apiKeys.minuteStart} = ${minute} THEN ${apiKeys.minuteCount} + 1 ELSE 1 END`,
      minuteStart: minute,
      dayChars: sql`CASE WHEN ${apiKeys.dayStart} = ${day} THEN ${apiKeys.dayChars} + ${chars} ELSE ${chars} END`,
      dayStart: day,
      lastUsedAt: new Date(now),
    })
    .where(eq(apiKeys.keyHash, await hashApiKey(key)))
    .returning({
      id: apiKeys.id,
      userId: apiKeys.userId,
      requestsPerMinute: apiKeys.requestsPerMinute,
      charsPerDay: apiKeys.charsPerDay,
      minuteCount: apiKeys.minuteCount,
      dayChars: apiKeys.dayChars,
    });
  if (!row) return null;
  if (row.minuteCount > row.requestsPerMinute) {
    await giveBack(db, row.id, chars, day);
    throw new ApiKeyLimitReached("minute", Math.max(1, Math.ceil((minute + MINUTE_MS - now) / 1000)), `${row.requestsPerMinute} per 1 minute`);
  }
  if (row.dayChars > row.charsPerDay) {
    await giveBack(db, row.id, chars, day);
    throw new ApiKeyLimitReached("day", Math.max(1, Math.ceil((day + DAY_MS - now) / 1000)), `${row.charsPerDay} characters per 1 day`);
  }
  return { keyId: row.id, userId: row.userId };
}

async function giveBack(db: Database, keyId: string, chars: number, day: number) {
  await db
    .update(apiKeys)
    .set({ dayChars: sql`max(0, ${apiKeys.dayChars} - ${chars})` })
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.dayStart, day)));
}
