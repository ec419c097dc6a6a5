// The signed-in user's sessions, as the account page lists them and signs them out (docs/product.md#accounts,
// docs/decisions/0014-session-list.md). A session is a refresh-token family; it is live while it has a token that
// is neither revoked nor expired. Every query is filtered by the user: another user's session is NotFound.
import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { type ActiveSession, type SignedOutOthers, type SignedOutSession, UNKNOWN_DEVICE } from "@core/schemas/session-list";
import type { Database } from "../../db/client";
import { refreshTokens, sessionDevices } from "../../db/schema";
import { NotFound } from "../errors";
import { revokeOtherFamilies } from "./sessions";
import { announceSessionsEnded } from "./session-ends";

const noSuchSession = () => new NotFound("That session has already ended, or there is no such session.", "session_not_found");

/** The user's live sessions, the most recently used first; `currentFamilyId` is marked as this device. */
export async function listSessions(db: Database, userId: string, currentFamilyId: string | null, now = Date.now()): Promise<ActiveSession[]> {
  const rows = await db
    .select({ id: sessionDevices.familyId, label: sessionDevices.label, createdAt: sessionDevices.createdAt, lastUsedAt: sessionDevices.lastUsedAt })
    .from(sessionDevices)
    .where(
      and(
        eq(sessionDevices.userId, userId),
        sql`exists (select 1 from ${refreshTokens} where ${refreshTokens.familyId} = ${sessionDevices.familyId} and ${refreshTokens.userId} = ${userId} and ${refreshTokens.revokedAt} is null and ${refreshTokens.expiresAt} > ${now})`,
      ),
    )
    .orderBy(desc(sessionDevices.lastUsedAt));
  return rows.map((row) => ({
    id: row.id,
    label: row.label ?? UNKNOWN_DEVICE,
    createdAt: row.createdAt.getTime(),
    lastUsedAt: row.lastUsedAt.getTime(),
    current: row.id === currentFamilyId,
  }));
}

/**
 * Ends one of the user's sessions: its refresh-token family is revoked, so its next request finds no live session
 * (loadSessionUser requires one, even while its access token has not expired).
 */
export async function signOutSession(db: Database, userId: string, familyId: string, now = Date.now()): Promise<SignedOutSession> {
  const [revoked, device] = await db.batch([
    db
      .update(refreshTokens)
      .set({ revokedAt: new Date(now) })
      .where(and(eq(refreshTokens.userId, userId), eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
      .returning({ id: refreshTokens.id }),
    db
      .select({ label: sessionDevices.label })
      .from(sessionDevices)
      .where(and(eq(sessionDevices.userId, userId), eq(sessionDevices.familyId, familyId)))
      .limit(1),
  ]);
  if (revoked.length === 0) throw noSuchSession();
  await announceSessionsEnded(userId, [familyId]);
  return { label: device[0]?.label ?? UNKNOWN_DEVICE };
}

/** "Sign out all other devices": every session of the user but this one ends. */
export async function signOutOtherSessions(db: Database, userId: string, currentFamilyId: string, now = Date.now()): Promise<SignedOutOthers> {
  return { count: await revokeOtherFamilies(db, userId, currentFamilyId, now) };
}

/** For the data export: every device row kept of the user (live sessions, and ended ones until the cron prunes them). */
export async function sessionDevicesForExport(db: Database, userId: string) {
  const rows = await db
    .select({ label: sessionDevices.label, createdAt: sessionDevices.createdAt, lastUsedAt: sessionDevices.lastUsedAt })
    .from(sessionDevices)
    .where(eq(sessionDevices.userId, userId))
    .orderBy(asc(sessionDevices.createdAt));
  return rows.map((row) => ({ device: row.label ?? UNKNOWN_DEVICE, signedIn: row.createdAt.toISOString(), lastUsed: row.lastUsedAt.toISOString() }));
}
