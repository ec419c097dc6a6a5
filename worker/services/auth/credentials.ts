// Proving it is the account's owner before a credential changes (docs/decisions/0017-credentials-and-codes.md): the
// current password, or a password-recovery link this session verified within the last 10 minutes. A stolen
// session alone can change neither the password nor the email address.
import { and, eq, gt } from "drizzle-orm";
import { CURRENT_PASSWORD_MESSAGE } from "@core/schemas/auth";
import type { Database } from "../../db/client";
import { recoveredSessions } from "../../db/schema";
import { InvalidInput } from "../errors";
import { verifyPassword } from "./password";

/** How long after verifying a recovery link its session may set a password without the old one. */
export const RECOVERY_WINDOW_MS = 10 * 60 * 1000;

const WRONG_PASSWORD = "That password is not correct.";
const NO_PASSWORD_YET = "Your account has no password yet. Use the emailed link to set one first.";

type Account = { id: string; passwordHash: string | null };

/** A session started by a recovery link: remembered for RECOVERY_WINDOW_MS. */
export async function rememberRecovery(db: Database, userId: string, familyId: string, now = Date.now()) {
  await db
    .insert(recoveredSessions)
    .values({ familyId, userId, verifiedAt: new Date(now) })
    .onConflictDoUpdate({ target: recoveredSessions.familyId, set: { verifiedAt: new Date(now) } });
}

async function recoveredRecently(db: Database, userId: string, familyId: string | null, now: number) {
  if (!familyId) return false;
  const [row] = await db
    .select({ familyId: recoveredSessions.familyId })
    .from(recoveredSessions)
    .where(
      and(
        eq(recoveredSessions.familyId, familyId),
        eq(recoveredSessions.userId, userId),
        gt(recoveredSessions.verifiedAt, new Date(now - RECOVERY_WINDOW_MS)),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** The recovery has served its purpose (a new password was set): it cannot set another. */
export async function forgetRecovery(db: Database, familyId: string | null) {
  if (familyId) await db.delete(recoveredSessions).where(eq(recoveredSessions.familyId, familyId));
}

/**
 * Throws InvalidInput on the `currentPassword` field unless the request proves the owner: the right current
 * password, or a recent recovery of this session. An empty password counts as none.
 */
export async function proveOwner(db: Database, account: Account, familyId: string | null, currentPassword: string | undefined, now = Date.now()) {
  if (currentPassword && account.passwordHash) {
    if (await verifyPassword(currentPassword, account.passwordHash)) return;
    throw new InvalidInput("invalid_password", WRONG_PASSWORD, { currentPassword: WRONG_PASSWORD });
  }
  if (await recoveredRecently(db, account.id, familyId, now)) return;
  const message = account.passwordHash ? CURRENT_PASSWORD_MESSAGE : NO_PASSWORD_YET;
  throw new InvalidInput("current_password_required", message, { currentPassword: message });
}
