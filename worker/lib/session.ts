import type { MiddlewareHandler } from "hono";
import { resolveSignedIdentity, type SignedIdentity } from "../services/auth/sessions";
import type { AppEnv } from "../types";
import { notSignedIn } from "./errors";
import { resolveSession, sessionCheckOf } from "./session-check";

/**
 * The auth check of the API (every route but POST /api/ai-stream, see readSignedIdentity): reads the session
 * (bearer token or cookies, refreshing an expired access cookie) into c.var.session, and adds any cookie
 * changes to the response. A read takes the access token's word while D1 confirms it (lib/session-check.ts).
 */
export const readSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  const resolved = await resolveSession(c.req.raw, c.env, c.var.db, sessionCheckOf(c.req.raw));
  c.set("session", resolved);
  await next();
  for (const cookie of resolved.setCookies) c.res.headers.append("Set-Cookie", cookie);
};

/**
 * readSession's counterpart for the one route that checks the session inside its own write (POST
 * /api/ai-stream: the hub's first D1 batch requires liveSession(), so the model is called only for a live
 * session, and no separate D1 read sits before the first token). Sets c.var.identity.
 */
export const readSignedIdentity: MiddlewareHandler<AppEnv> = async (c, next) => {
  const resolved = await resolveSignedIdentity(c.req.raw, c.env, c.var.db);
  c.set("identity", resolved.identity);
  await next();
  for (const cookie of resolved.setCookies) c.res.headers.append("Set-Cookie", cookie);
};

/** The identity readSignedIdentity found, or a 401 "Not signed in". Its writes must require liveSession(). */
export function requireSignedIdentity(c: { var: AppEnv["Variables"] }): SignedIdentity {
  if (!c.var.identity) throw notSignedIn();
  return c.var.identity;
}

/** requireSignedIdentity as route middleware, for the same reason as signedInOnly (lib/permissions.ts). */
export const identifiedOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireSignedIdentity(c);
  await next();
};
