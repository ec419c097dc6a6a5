// Emailed secrets: links and 6-digit codes, stored as hashes (docs/decisions/0017-credentials-and-codes.md). The
// newest secret of a purpose for an address is the only live one, and a code dies after CODE_MAX_ATTEMPTS tries.
import { and, eq, gt, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { oneTimeTokens, type OneTimePurpose } from "../../db/schema";
import { randomCode, randomToken, sha256Hex } from "./tokens";

/** How long each kind of emailed secret stays valid. */
export const ONE_TIME_TTL_MS: Record<OneTimePurpose, number> = {
  signup: 24 * 60 * 60 * 1000,
  magiclink: 60 * 60 * 1000,
  recovery: 60 * 60 * 1000,
  otp: 10 * 60 * 1000,
  account_delete: 10 * 60 * 1000,
  email_change: 60 * 60 * 1000,
  email_change_code: 10 * 60 * 1000,
};

/** How many times one emailed code may be tried, right or wrong; then it is dead. */
export const CODE_MAX_ATTEMPTS = 5;

/** Purposes whose secret is a 6-digit code rather than a link. */
export type CodePurpose = Extract<OneTimePurpose, "otp" | "account_delete" | "email_change_code">;

type Issue = { purpose: OneTimePurpose; email: string; userId: string | null; now?: number };

/**
 * Which earlier secrets a new one replaces: those of the same purpose for the same address, or for an email change
 * (whose address is the new one) those of the same account.
 */
function supersededBy({ purpose, email, userId }: Issue) {
  const owner = purpose === "email_change" && userId ? eq(oneTimeTokens.userId, userId) : eq(oneTimeTokens.email, email);
  return and(eq(oneTimeTokens.purpose, purpose), owner);
}

/** Stores a new secret and deletes the ones it replaces: sending a new code or link kills the previous ones. */
async function store(db: Database, issue: Issue, tokenHash: string) {
  const { purpose, email, userId, now = Date.now() } = issue;
  await db.delete(oneTimeTokens).where(supersededBy(issue));
  await db.insert(oneTimeTokens).values({
    id: crypto.randomUUID(),
    userId,
    email,
    purpose,
    tokenHash,
    createdAt: new Date(now),
    expiresAt: new Date(now + ONE_TIME_TTL_MS[purpose]),
  });
}

/** A secret for an emailed link; only its hash is stored. */
export async function issueLinkToken(db: Database, issue: Omit<Issue, "purpose"> & { purpose: Exclude<OneTimePurpose, CodePurpose> }) {
  const token = randomToken();
  await store(db, issue, await sha256Hex(token));
  return token;
}

/**
 * Codes are short, so they are hashed together with the address they were sent to, and with their
 * purpose, so that a sign-in code cannot confirm a deletion and a deletion code cannot sign in.
 */
const codeHash = (email: string, code: string, purpose: CodePurpose) => sha256Hex(`${purpose}:${email}:${code}`);

export async function issueCode(db: Database, issue: Omit<Issue, "purpose">, purpose: CodePurpose = "otp") {
  const code = randomCode();
  await store(db, { ...issue, purpose }, await codeHash(issue.email, code, purpose));
  return code;
}

export type ConsumedToken = typeof oneTimeTokens.$inferSelect;

/** Marks a live token used and returns it; expired, used or unknown tokens give null. Atomic: a token works once. */
async function consume(db: Database, tokenHash: string, purposes: OneTimePurpose[], now: number): Promise<ConsumedToken | null> {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date(now) })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, tokenHash),
        inArray(oneTimeTokens.purpose, purposes),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, new Date(now)),
      ),
    )
    .returning();
  return row ?? null;
}

export async function consumeLinkToken(db: Database, token: string, purposes: OneTimePurpose[], now = Date.now()) {
  return consume(db, await sha256Hex(token), purposes, now);
}

/**
 * Uses a code once. Every try counts against the address's live code first, atomically, and only a try within
 * CODE_MAX_ATTEMPTS can use it: after five tries even the right code is refused.
 */
export async function consumeCode(db: Database, email: string, code: string, now = Date.now(), purpose: CodePurpose = "otp") {
  const tokenHash = await codeHash(email, code, purpose);
  const tried = await db
    .update(oneTimeTokens)
    .set({ attempts: sql`${oneTimeTokens.attempts} + 1` })
    .where(
      and(
        eq(oneTimeTokens.email, email),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, new Date(now)),
        lt(oneTimeTokens.attempts, CODE_MAX_ATTEMPTS),
      ),
    )
    .returning({ tokenHash: oneTimeTokens.tokenHash });
  if (!tried.some((row) => row.tokenHash === tokenHash)) return null;
  const row = await consume(db, tokenHash, [purpose], now);
  return row && row.email === email ? row : null;
}

/** Housekeeping for the daily cron: emailed secrets that expired more than a day ago. */
export async function pruneOneTimeTokens(db: Database, now = Date.now()) {
  await db.delete(oneTimeTokens).where(lt(oneTimeTokens.expiresAt, new Date(now - 24 * 60 * 60 * 1000)));
}
