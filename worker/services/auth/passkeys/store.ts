// The passkey rows (docs/decisions/0016-passkeys.md): each user's WebAuthn user handle, their credentials, and the
// one-time ceremony challenges. Every read and write of a user's passkeys filters by that user: another user's id
// is not found, the same as a missing one.
import { and, asc, count, eq, lt, sql } from "drizzle-orm";
import type { PasskeySummary } from "@core/schemas/passkeys";
import type { Database } from "../../../db/client";
import { passkeyChallenges, passkeys, passkeyUserHandles, users } from "../../../db/schema";
import { NotFound } from "../../errors";

export type PasskeyRow = typeof passkeys.$inferSelect;
type ChallengePurpose = (typeof passkeyChallenges.$inferSelect)["purpose"];

export const CHALLENGE_TTL_MS = 5 * 60 * 1000;

const passkeyNotFound = () => new NotFound("Passkey not found.");

function base64url(bytes: Uint8Array) {
  return btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}

/** The user's WebAuthn user handle, made (32 random bytes) the first time it is asked for. */
export async function userHandleOf(db: Database, userId: string): Promise<string> {
  const handle = base64url(crypto.getRandomValues(new Uint8Array(32)));
  await db.insert(passkeyUserHandles).values({ userId, handle }).onConflictDoNothing({ target: passkeyUserHandles.userId });
  const [row] = await db.select({ handle: passkeyUserHandles.handle }).from(passkeyUserHandles).where(eq(passkeyUserHandles.userId, userId));
  if (!row) throw new Error("The passkey user handle is missing right after its insert.");
  return row.handle;
}

/** Stores a new ceremony challenge: single use, for CHALLENGE_TTL_MS. */
export async function saveChallenge(db: Database, challenge: string, purpose: ChallengePurpose, userId: string | null, now = Date.now()) {
  await db.insert(passkeyChallenges).values({ challenge, purpose, userId, expiresAt: new Date(now + CHALLENGE_TTL_MS) });
}

/**
 * Uses a challenge up, atomically: true only for the first use of a live challenge of this purpose (and user, for
 * a registration). A replayed, expired or unknown challenge is false.
 */
export async function consumeChallenge(db: Database, challenge: string, purpose: ChallengePurpose, userId: string | null, now = Date.now()) {
  const owner = userId === null ? sql`${passkeyChallenges.userId} is null` : eq(passkeyChallenges.userId, userId);
  const used = await db
    .delete(passkeyChallenges)
    .where(
      and(eq(passkeyChallenges.challenge, challenge), eq(passkeyChallenges.purpose, purpose), owner, sql`${passkeyChallenges.expiresAt} > ${now}`),
    )
    .returning({ challenge: passkeyChallenges.challenge });
  return used.length === 1;
}

/** Housekeeping for the daily cron: challenges past expiry. */
export async function prunePasskeyChallenges(db: Database, now = Date.now()) {
  await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, new Date(now)));
}

export async function credentialsOf(db: Database, userId: string) {
  return db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt));
}

export type NewPasskey = Pick<PasskeyRow, "userId" | "credentialId" | "publicKey" | "counter" | "transports" | "name">;

export async function insertPasskey(db: Database, passkey: NewPasskey): Promise<PasskeySummary> {
  const [row] = await db
    .insert(passkeys)
    .values({ id: crypto.randomUUID(), ...passkey })
    .returning();
  if (!row) throw new Error("The passkey row is missing right after its insert.");
  return summaryOf(row);
}

export function summaryOf(row: Pick<PasskeyRow, "id" | "name" | "createdAt" | "lastUsedAt">): PasskeySummary {
  return { id: row.id, name: row.name, createdAt: row.createdAt.getTime(), lastUsedAt: row.lastUsedAt?.getTime() ?? null };
}

export async function listPasskeys(db: Database, userId: string): Promise<PasskeySummary[]> {
  const rows = await db
    .select({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt));
  return rows.map(summaryOf);
}

export async function renamePasskey(db: Database, userId: string, id: string, name: string): Promise<PasskeySummary> {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  if (!row) throw passkeyNotFound();
  return summaryOf(row);
}

/** Deletes one of the user's passkeys; answers whether the account is left with email sign-in only. */
export async function removePasskey(db: Database, userId: string, id: string) {
  const removed = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  if (removed.length === 0) throw passkeyNotFound();
  const [left] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return { emailSignInOnly: (left?.n ?? 0) === 0 && !user?.passwordHash };
}

/** The passkey of a credential id and its owner's handle, for a sign-in (any user: the credential names them). */
export async function findPasskeyByCredential(db: Database, credentialId: string) {
  const [row] = await db
    .select({ passkey: passkeys, handle: passkeyUserHandles.handle })
    .from(passkeys)
    .innerJoin(passkeyUserHandles, eq(passkeyUserHandles.userId, passkeys.userId))
    .where(eq(passkeys.credentialId, credentialId))
    .limit(1);
  return row;
}

/**
 * Records a sign-in: the new counter and the time. The update holds only if the stored counter is still the one
 * the signature was checked against, so two sign-ins racing with the same assertion cannot both pass.
 */
export async function recordPasskeyUse(db: Database, passkey: Pick<PasskeyRow, "id" | "counter">, newCounter: number, now = Date.now()) {
  const updated = await db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: new Date(now) })
    .where(and(eq(passkeys.id, passkey.id), eq(passkeys.counter, passkey.counter)))
    .returning({ id: passkeys.id });
  return updated.length === 1;
}
