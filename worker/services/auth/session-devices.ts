// The device of each session, for the account page's list (docs/product.md#accounts,
// docs/decisions/0014-session-list.md): a coarse label taken from the user agent when a refresh token is issued,
// and the time of that issue as "last used". The user agent itself and the client's address are never stored.
import { BROWSER_MAP, getParser, OS_MAP } from "bowser";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { refreshTokens, sessionDevices } from "../../db/schema";

// Bowser falls back to whatever text precedes a slash in an unknown user agent: only its own names are kept, so a
// crafted user agent cannot write its words into the list.
const KNOWN_BROWSERS = new Set<string>(Object.values(BROWSER_MAP));
const KNOWN_SYSTEMS = new Set<string>(Object.values(OS_MAP));
/** Apple's mobile devices say which one they are; "Safari on iPhone" reads better than "Safari on iOS". */
const APPLE_MODELS = new Set(["iPhone", "iPad", "iPod"]);

function systemOf(parser: ReturnType<typeof getParser>) {
  const system = parser.getOSName();
  if (!KNOWN_SYSTEMS.has(system)) return null;
  const model = parser.getPlatform().model;
  return system === "iOS" && model && APPLE_MODELS.has(model) ? model : system;
}

/** "Firefox on Linux", "Safari on iPhone", "Chrome", "Linux", or null when the user agent names nothing we know. */
export function deviceLabel(userAgent: string | null | undefined): string | null {
  if (!userAgent?.trim()) return null;
  const parser = getParser(userAgent);
  const browser = KNOWN_BROWSERS.has(parser.getBrowserName()) ? parser.getBrowserName() : null;
  const system = systemOf(parser);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system;
}

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
