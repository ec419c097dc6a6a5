import { and, eq, isNull, sql } from "drizzle-orm";
import type { SessionInfo, SessionUser } from "@core/schemas/auth";
import type { Database } from "../../db/client";
import { profiles, refreshTokens, users } from "../../db/schema";
import { NotConfigured } from "../errors";
import { ACCESS_COOKIE, clearCookie, cookieIsSecure, readCookie, REFRESH_COOKIE, serializeCookie } from "./cookies";
import { announceSessionsEnded } from "./session-ends";
import { pruneSessionDevices, recordDeviceUse } from "./session-devices";
import { ACCESS_TOKEN_TTL_SECONDS, randomToken, REFRESH_TOKEN_TTL_MS, sha256Hex, signAccessToken, verifyAccessToken } from "./tokens";

export { REFRESH_TOKEN_TTL_MS };
/**
 * A tab that refreshes at the same moment as another (or a page load racing the refresh tick) presents the
 * token its sibling just rotated. Within this window that is not treated as theft.
 */
export const REFRESH_REUSE_GRACE_MS = 10_000;

/** `familyId` is the session: the refresh-token family its tokens rotate in. */
export type IssuedSession = { accessToken: string; refreshToken: string; familyId: string; info: SessionInfo };

/** Said the same way by the API and the sign-in screen's form action (a 503). */
export class AuthConfigError extends NotConfigured {
  constructor() {
    super("auth_not_configured", "Sign-in is not configured on this server (AUTH_SECRET is missing).");
  }
}

export function authSecret(env: Pick<Env, "AUTH_SECRET">) {
  if (!env.AUTH_SECRET || env.AUTH_SECRET.length < 32) throw new AuthConfigError();
  return env.AUTH_SECRET;
}

/**
 * SQL that holds while a session is live: its refresh-token family has a token that is not revoked (sign-out,
 * a reused token, a password change revoke them; deleting the account deletes them).
 */
export function liveSession(userId: string, familyId: string) {
  return sql<boolean>`exists (select 1 from ${refreshTokens} where ${refreshTokens.familyId} = ${familyId} and ${refreshTokens.userId} = ${userId} and ${refreshTokens.revokedAt} is null)`;
}

/** The user as the browser may see them, if the account exists and the session family is still live. */
export async function loadSessionUser(db: Database, userId: string, familyId: string): Promise<SessionUser | null> {
  const [row] = await db
    .select({ id: users.id, email: users.email, isOwner: sql<number>`coalesce(${profiles.isOwner}, 0)` })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(and(eq(users.id, userId), liveSession(userId, familyId)))
    .limit(1);
  return row ? { id: row.id, email: row.email, isOwner: Boolean(row.isOwner) } : null;
}

/** Who asks for a token: the user agent, of which only a coarse device label is kept (session-devices.ts). */
export type SessionClient = { userAgent: string | null };
const UNKNOWN_CLIENT: SessionClient = { userAgent: null };

async function issue(db: Database, user: SessionUser, familyId: string, secret: string, client: SessionClient, now: number): Promise<IssuedSession> {
  const refreshToken = randomToken();
  // The session list's "last used" is the time of the newest token: recorded with it, in one round trip.
  await db.batch([
    db.insert(refreshTokens).values({
      id: crypto.randomUUID(),
      userId: user.id,
      familyId,
      tokenHash: await sha256Hex(refreshToken),
      createdAt: new Date(now),
      expiresAt: new Date(now + REFRESH_TOKEN_TTL_MS),
    }),
    recordDeviceUse(db, { userId: user.id, familyId, userAgent: client.userAgent, now }),
  ]);
  const accessToken = await signAccessToken({ sub: user.id, email: user.email, sid: familyId, own: user.isOwner }, secret, now);
  return { accessToken, refreshToken, familyId, info: { user, expiresAt: now + ACCESS_TOKEN_TTL_SECONDS * 1000 } };
}

/** Signs a user in: a new refresh-token family and an access token. */
export async function startSession(db: Database, user: SessionUser, secret: string, client: SessionClient, now = Date.now()) {
  return issue(db, user, crypto.randomUUID(), secret, client, now);
}

export async function revokeFamily(db: Database, familyId: string, now = Date.now()) {
  const revoked = await db
    .update(refreshTokens)
    .set({ revokedAt: new Date(now) })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
    .returning({ userId: refreshTokens.userId });
  const [row] = revoked;
  if (row) await announceSessionsEnded(row.userId, [familyId]);
}

/** Ends every session of the user but `keepFamilyId`; answers how many there were. */
export async function revokeOtherFamilies(db: Database, userId: string, keepFamilyId: string, now = Date.now()) {
  const revoked = await db
    .update(refreshTokens)
    .set({ revokedAt: new Date(now) })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt), sql`${refreshTokens.familyId} <> ${keepFamilyId}`))
    .returning({ familyId: refreshTokens.familyId });
  const families = [...new Set(revoked.map((row) => row.familyId))];
  await announceSessionsEnded(userId, families);
  return families.length;
}

export type RefreshOutcome = { ok: true; session: IssuedSession } | { ok: false; reason: "unknown" | "expired" | "revoked" | "reused" };

/**
 * Exchanges a refresh token for a new one in the same family. A token that was already rotated away
 * (outside the grace window) means it leaked: the whole family is revoked.
 */
export async function rotateRefreshToken(
  db: Database,
  refreshToken: string,
  secret: string,
  now = Date.now(),
  client: SessionClient = UNKNOWN_CLIENT,
): Promise<RefreshOutcome> {
  const tokenHash = await sha256Hex(refreshToken);
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
  if (!row) return { ok: false, reason: "unknown" };
  if (row.revokedAt) return { ok: false, reason: "revoked" };
  if (row.expiresAt.getTime() <= now) return { ok: false, reason: "expired" };

  // Claim the rotation atomically; if another request claimed it first, this is a reuse.
  const claimed = await db
    .update(refreshTokens)
    .set({ rotatedAt: new Date(now) })
    .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.rotatedAt)))
    .returning({ id: refreshTokens.id });
  if (claimed.length === 0) {
    const [current] = await db.select({ rotatedAt: refreshTokens.rotatedAt }).from(refreshTokens).where(eq(refreshTokens.id, row.id)).limit(1);
    if (!current?.rotatedAt || now - current.rotatedAt.getTime() > REFRESH_REUSE_GRACE_MS) {
      await revokeFamily(db, row.familyId, now);
      return { ok: false, reason: "reused" };
    }
  }
  const user = await loadSessionUser(db, row.userId, row.familyId);
  if (!user) return { ok: false, reason: "revoked" };
  return { ok: true, session: await issue(db, user, row.familyId, secret, client, now) };
}

export function sessionCookies(session: IssuedSession, requestUrl: string) {
  const secure = cookieIsSecure(requestUrl);
  return [
    serializeCookie(ACCESS_COOKIE, session.accessToken, { maxAgeSeconds: ACCESS_TOKEN_TTL_SECONDS, secure }),
    serializeCookie(REFRESH_COOKIE, session.refreshToken, { maxAgeSeconds: REFRESH_TOKEN_TTL_MS / 1000, secure }),
  ];
}

export function clearedSessionCookies(requestUrl: string) {
  const secure = cookieIsSecure(requestUrl);
  return [clearCookie(ACCESS_COOKIE, secure), clearCookie(REFRESH_COOKIE, secure)];
}

export type RequestSession = {
  session: SessionInfo | null;
  /** The refresh-token family of this session, e.g. for signing out. */
  familyId: string | null;
  /** Set-Cookie values the response must carry (a refreshed session, or cleared cookies). */
  setCookies: string[];
};

/** The client a request comes from, as a new or rotated session records it. */
export function sessionClientOf(request: Request): SessionClient {
  return { userAgent: request.headers.get("user-agent") };
}

/** The request's access token: `Authorization: Bearer` (the whole credential, when present), else the cookie. */
function accessTokenOf(request: Request): { token: string | undefined; bearer: boolean } {
  const header = request.headers.get("authorization");
  if (header?.startsWith("Bearer ")) return { token: header.slice(7).trim(), bearer: true };
  return { token: readCookie(request.headers.get("cookie"), ACCESS_COOKIE), bearer: false };
}

/** An access token's claims if its signature, issuer and audience check out and it has not expired. */
async function currentClaims(token: string, secret: string, now: number) {
  const claims = await verifyAccessToken(token, secret);
  return claims && claims.exp * 1000 > now ? claims : null;
}

/**
 * The session of a request: from `Authorization: Bearer` or the access cookie; when the access token has
 * expired and `allowRefresh` is set, the refresh cookie is rotated (the new cookies are in `setCookies`).
 */
export async function resolveRequestSession(
  request: Request,
  env: Pick<Env, "AUTH_SECRET">,
  db: Database,
  { allowRefresh }: { allowRefresh: boolean },
  now = Date.now(),
): Promise<RequestSession> {
  const none: RequestSession = { session: null, familyId: null, setCookies: [] };
  const { token: accessToken, bearer } = accessTokenOf(request);
  const refreshToken = readCookie(request.headers.get("cookie"), REFRESH_COOKIE);
  if (!accessToken && !refreshToken) return none;
  const secret = authSecret(env);

  if (accessToken) {
    const claims = await currentClaims(accessToken, secret, now);
    if (claims) {
      const user = await loadSessionUser(db, claims.sub, claims.sid);
      if (user) return { session: { user, expiresAt: claims.exp * 1000 }, familyId: claims.sid, setCookies: [] };
    }
    // A bearer token is the whole credential: no cookie fallback for it.
    if (bearer) return none;
  }
  if (!allowRefresh || !refreshToken) return accessToken ? { ...none, setCookies: clearedSessionCookies(request.url) } : none;

  const outcome = await rotateRefreshToken(db, refreshToken, secret, now, sessionClientOf(request));
  if (!outcome.ok) return { ...none, setCookies: clearedSessionCookies(request.url) };
  return { session: outcome.session.info, familyId: outcome.session.familyId, setCookies: sessionCookies(outcome.session, request.url) };
}

/**
 * The session a request's unexpired access token claims, read from the token alone (no D1), or null. Not yet a
 * session: lib/session-check.ts holds the answer until loadSessionUser agrees with it.
 */
export async function claimedSession(request: Request, env: Pick<Env, "AUTH_SECRET">, now = Date.now()) {
  const { token } = accessTokenOf(request);
  const claims = token ? await currentClaims(token, authSecret(env), now) : null;
  if (!claims) return null;
  const user: SessionUser = { id: claims.sub, email: claims.email, isOwner: claims.own };
  return { session: { user, expiresAt: claims.exp * 1000 }, familyId: claims.sid, setCookies: [] } satisfies RequestSession;
}

/** Who a request's access token was signed for: the user and the session (refresh-token family). */
export type SignedIdentity = { userId: string; familyId: string };

/**
 * resolveRequestSession for a route whose own D1 write requires liveSession() in the same statements (the
 * streamed chat answer: the hub's checkTurn and recordTurn): a valid access token (signature, issuer, audience,
 * expiry) names the user with no D1 round trip, and the write refuses a session that has ended since. Without a
 * valid access token this is resolveRequestSession itself (refreshing it, or no one).
 */
export async function resolveSignedIdentity(
  request: Request,
  env: Pick<Env, "AUTH_SECRET">,
  db: Database,
  now = Date.now(),
): Promise<{ identity: SignedIdentity | null; setCookies: string[] }> {
  const { token } = accessTokenOf(request);
  const claims = token ? await currentClaims(token, authSecret(env), now) : null;
  if (claims) return { identity: { userId: claims.sub, familyId: claims.sid }, setCookies: [] };
  const resolved = await resolveRequestSession(request, env, db, { allowRefresh: true }, now);
  const identity = resolved.session && resolved.familyId ? { userId: resolved.session.user.id, familyId: resolved.familyId } : null;
  return { identity, setCookies: resolved.setCookies };
}

/** Housekeeping for the daily cron: refresh tokens past expiry, or revoked, for more than a day. */
export async function pruneRefreshTokens(db: Database, now = Date.now()) {
  const dayAgo = new Date(now - 24 * 60 * 60 * 1000);
  await db.delete(refreshTokens).where(sql`${refreshTokens.expiresAt} < ${dayAgo.getTime()} or ${refreshTokens.revokedAt} < ${dayAgo.getTime()}`);
  await pruneSessionDevices(db);
}
