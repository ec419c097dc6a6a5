// Setting two-factor sign-in up and down from the account page (docs/product.md#accounts): a pending secret, enabled
// only once a code from it is confirmed; disabling it and new backup codes need a fresh code (or a backup code).
import { and, eq, isNotNull, isNull, lt, or } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { twoFactor } from "../../../db/schema";
import { Conflict, InvalidInput } from "../../errors";
import { consumeBackupCode, deleteBackupCodes, replaceBackupCodes, unusedBackupCodes } from "./backup-codes";
import { openSecret, sealSecret } from "./secret-box";
import { matchingStep, newTotpSecret, totpUri } from "./totp";

export type TwoFactorDeps = { env: Pick<Env, "AUTH_SECRET">; db: Database };

export type TwoFactorStatus = { enabled: boolean; backupCodesLeft: number };
export type TwoFactorSetup = { secret: string; uri: string };

export const WRONG_CODE_MESSAGE = "That code is not right. Enter the current code from your app, or a backup code.";
const wrongCode = () => new InvalidInput("two_factor_invalid_code", WRONG_CODE_MESSAGE, { code: WRONG_CODE_MESSAGE });
const notEnabled = () => new Conflict("two_factor_not_enabled", "Two-factor sign-in is not on for this account.");

async function rowOf(db: Database, userId: string) {
  const [row] = await db.select().from(twoFactor).where(eq(twoFactor.userId, userId)).limit(1);
  return row;
}

export async function twoFactorEnabled(db: Database, userId: string) {
  return Boolean((await rowOf(db, userId))?.enabledAt);
}

export async function twoFactorStatus(db: Database, userId: string): Promise<TwoFactorStatus> {
  const enabled = await twoFactorEnabled(db, userId);
  return { enabled, backupCodesLeft: enabled ? await unusedBackupCodes(db, userId) : 0 };
}

/**
 * twoFactorStatus and pendingTwoFactorSetup together, for the account page: the row and the backup codes read at
 * once, one D1 round trip (docs/decisions/0028-the-d1-round-trip-budget.md).
 */
export async function twoFactorOverview({ env, db }: TwoFactorDeps, user: { id: string; email: string }) {
  const [row, codesLeft] = await Promise.all([rowOf(db, user.id), unusedBackupCodes(db, user.id)]);
  const enabled = Boolean(row?.enabledAt);
  const status: TwoFactorStatus = { enabled, backupCodesLeft: enabled ? codesLeft : 0 };
  const pending: TwoFactorSetup | null = row && !enabled ? await setupOf(env, user, row.secretCiphertext) : null;
  return { ...status, pending };
}

/** The pending secret again (a page shown again mid-setup), or null when there is none. */
export async function pendingTwoFactorSetup({ env, db }: TwoFactorDeps, user: { id: string; email: string }): Promise<TwoFactorSetup | null> {
  const row = await rowOf(db, user.id);
  if (!row || row.enabledAt) return null;
  return setupOf(env, user, row.secretCiphertext);
}

async function setupOf(env: TwoFactorDeps["env"], user: { id: string; email: string }, secretCiphertext: string): Promise<TwoFactorSetup> {
  const secret = await openSecret(env, user.id, secretCiphertext);
  return { secret, uri: totpUri(secret, user.email) };
}

/** A new pending secret (replacing an unconfirmed one); refused while two-factor sign-in is on. */
export async function beginTwoFactorSetup({ env, db }: TwoFactorDeps, user: { id: string; email: string }): Promise<TwoFactorSetup> {
  if (await twoFactorEnabled(db, user.id)) throw new Conflict("two_factor_enabled", "Two-factor sign-in is already on.");
  const secret = newTotpSecret();
  const secretCiphertext = await sealSecret(env, user.id, secret);
  await db
    .insert(twoFactor)
    .values({ userId: user.id, secretCiphertext })
    .onConflictDoUpdate({ target: twoFactor.userId, set: { secretCiphertext, lastUsedStep: null }, setWhere: isNull(twoFactor.enabledAt) });
  return { secret, uri: totpUri(secret, user.email) };
}

/**
 * Accepts a TOTP code once: the step it belongs to must be later than the last one used (a code seen once, even on
 * the wire, cannot be replayed within its 90 seconds). `enabled` says which state the secret must be in.
 */
async function acceptTotp({ env, db }: TwoFactorDeps, userId: string, code: string, enabled: boolean, now: number) {
  const row = await rowOf(db, userId);
  if (!row || Boolean(row.enabledAt) !== enabled) return false;
  const step = matchingStep(await openSecret(env, userId, row.secretCiphertext), code, now);
  if (step === null) return false;
  const claimed = await db
    .update(twoFactor)
    .set({ lastUsedStep: step, ...(enabled ? {} : { enabledAt: new Date(now) }) })
    .where(
      and(
        eq(twoFactor.userId, userId),
        enabled ? isNotNull(twoFactor.enabledAt) : isNull(twoFactor.enabledAt),
        or(isNull(twoFactor.lastUsedStep), lt(twoFactor.lastUsedStep, step)),
      ),
    )
    .returning({ userId: twoFactor.userId });
  return claimed.length > 0;
}

/** Whether `code` is a fresh TOTP code or an unused backup code of an account with two-factor sign-in on (used up if so). */
export async function acceptSecondFactor(deps: TwoFactorDeps, userId: string, code: string, now = Date.now()) {
  const trimmed = code.trim();
  if (/^\d{6}$/.test(trimmed)) return acceptTotp(deps, userId, trimmed, true, now);
  return consumeBackupCode(deps, userId, trimmed, now);
}

/** Confirms the pending secret with a code from it: two-factor sign-in is on, and the backup codes are answered once. */
export async function confirmTwoFactorSetup(deps: TwoFactorDeps, userId: string, code: string, now = Date.now()) {
  if (!(await acceptTotp(deps, userId, code.trim(), false, now))) {
    if (await twoFactorEnabled(deps.db, userId)) throw new Conflict("two_factor_enabled", "Two-factor sign-in is already on.");
    throw wrongCode();
  }
  return { backupCodes: await replaceBackupCodes(deps, userId) };
}

async function requireFreshCode(deps: TwoFactorDeps, userId: string, code: string, now: number) {
  if (!(await twoFactorEnabled(deps.db, userId))) throw notEnabled();
  if (!(await acceptSecondFactor(deps, userId, code, now))) throw wrongCode();
}

export async function disableTwoFactor(deps: TwoFactorDeps, userId: string, code: string, now = Date.now()) {
  await requireFreshCode(deps, userId, code, now);
  await deps.db.delete(twoFactor).where(eq(twoFactor.userId, userId));
  await deleteBackupCodes(deps.db, userId);
}

export async function regenerateBackupCodes(deps: TwoFactorDeps, userId: string, code: string, now = Date.now()) {
  await requireFreshCode(deps, userId, code, now);
  return { backupCodes: await replaceBackupCodes(deps, userId) };
}
