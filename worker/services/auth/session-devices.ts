// The device of each session, for the account page's list (docs/product.md#accounts,
// docs/decisions/0014-session-list.md): a coarse label taken from the user agent when a refresh token is issued,
// and the time of that issue as "last used". The user agent itself and the client's address are never stored.
import { deviceLabel } from "@core/device-label";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { refreshTokens, sessionDevices } from "../../db/schema";

type DeviceUse = { userId: string; familyId: string; userAgent: string | null; now: number };

/**
 * The statement that goes with each refresh token issued (sign-in or rotation, in the same batch): a new
 * family's row, or a known one's last use. A family that has no label yet (signed in from a client that sent no
 * user agent, or before this table existed) takes this request's.
 */
export function recordDeviceUse(db: Database, { userId, familyId, userAgent, now }: DeviceUse) {
  const at = new Date(now);
  return db
    .insert(sessionDevices)
    .values({ familyId, userId, label: deviceLabel(userAgent), createdAt: at, lastUsedAt: at })
    .onConflictDoUpdate({
      target: sessionDevices.familyId,
      set: { lastUsedAt: at, label: sql`coalesce(${sessionDevices.label}, excluded.label)` },
    });
}

/** Housekeeping after pruneRefreshTokens: the rows of families whose tokens are all gone. */
export async function pruneSessionDevices(db: Database) {
  await db
    .delete(sessionDevices)
    .where(sql`not exists (select 1 from ${refreshTokens} where ${refreshTokens.familyId} = ${sessionDevices.familyId})`);
}
