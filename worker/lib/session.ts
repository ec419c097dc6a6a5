import type { MiddlewareHandler } from "hono";
import type { SessionUser } from "~/schemas/auth";
import { resolveRequestSession } from "../services/auth/sessions";
import type { AppEnv } from "../types";
import { ApiError } from "./errors";

/**
 * The one auth check of the API: reads the session (bearer token or cookies, refreshing an expired
 * access cookie) into c.var.session, and adds any cookie changes to the response.
 */
export const readSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  const resolved = await resolveRequestSession(c.req.raw, c.env, c.var.db, { allowRefresh: true });
  c.set("session", resolved);
  await next();
  for (const cookie of resolved.setCookies) c.res.headers.append("Set-Cookie", cookie);
};

/**
 * The signed-in user, or a 401 "Not signed in" (SPEC section 6). No extra lookup is needed for deleted
 * accounts: readSession accepts an access token only after loadSessionUser found its user row and a live
 * refresh-token family, so a deleted account's unexpired token is already no session here.
 */
export function requireUser(c: { var: AppEnv["Variables"] }): SessionUser {
  const user = c.var.session?.session?.user;
  if (!user) throw new ApiError(401, "not_signed_in", "Not signed in");
  return user;
}
