// Who may call what (docs/product.md#accounts): signed in, or the owner. The page loaders have the same two checks,
// by the same names, in app/lib/permissions.server.ts. The browser may hide what a visitor cannot use; these decide.
import type { MiddlewareHandler } from "hono";
import type { SessionUser } from "@core/schemas/auth";
import { OWNER_NEEDS_TWO_FACTOR_MESSAGE } from "@core/schemas/two-factor";
import { ownerSetupPending } from "../services/auth/two-factor/owner-requirement";
import type { AppEnv } from "../types";
import { ApiError, notSignedIn } from "./errors";

type Vars = { var: AppEnv["Variables"] };

/** docs/product.md#blog: what a signed-in user who is not the owner hears from the owner's routes. */
export const OWNER_ONLY_MESSAGE = "Only the site owner can publish posts.";

/**
 * The signed-in user, or a 401 "Not signed in" (docs/product.md#accounts). No extra lookup is needed for deleted
 * accounts: readSession accepts an access token only after loadSessionUser found its user row and a live
 * refresh-token family, so a deleted account's unexpired token is already no session here.
 */
export function requireUser(c: Vars): SessionUser {
  const user = c.var.session?.session?.user;
  if (!user) throw notSignedIn();
  return user;
}

/** The owner, or 401 (signed out) / 403 (signed in, not the owner; or an owner who must set two-factor sign-in up first). */
export function requireOwner(c: Vars, message = OWNER_ONLY_MESSAGE): SessionUser {
  const user = requireUser(c);
  if (!user.isOwner) throw new ApiError(403, "forbidden", message);
  if (c.var.ownerNeedsTwoFactor) throw new ApiError(403, "two_factor_setup_required", OWNER_NEEDS_TWO_FACTOR_MESSAGE);
  return user;
}

/**
 * The signed-in user when they wrote the thing (authorId) or are the owner, who moderates everything; 401 signed
 * out, 403 with `message` for anyone else.
 */
export function requireAuthorOrOwner(c: Vars, authorId: string, message: string): SessionUser {
  const user = requireUser(c);
  // Moderating someone else's writing is an owner's act: the same checks as requireOwner, two-factor included.
  return user.id === authorId ? user : requireOwner(c, message);
}

/** Whether this request comes from the owner (signed out: no), for reads the owner sees more of. */
export function viewerIsOwner(c: Vars): boolean {
  return c.var.session?.session?.user.isOwner === true && !c.var.ownerNeedsTwoFactor;
}

/** requireUser as route middleware, ahead of the body's validation: a signed-out request's body is never parsed. */
export const signedInOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireUser(c);
  await next();
};

/** requireOwner as route middleware, for the same reason. */
export const ownerOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireOwner(c);
  await next();
};

/** After readSession: notes an owner who must set two-factor sign-in up first (OWNER_REQUIRES_2FA), for requireOwner. */
export const ownerTwoFactorGate: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set("ownerNeedsTwoFactor", await ownerSetupPending(c.env, c.var.db, c.var.session?.session?.user));
  await next();
};
