// OWNER_REQUIRES_2FA=1 (wrangler.toml, README "Configuration"): an owner without two-factor sign-in keeps their
// session, but the owner's pages and API routes refuse them until it is on (docs/product.md#accounts).
import type { SessionUser } from "@core/schemas/auth";
import type { Database } from "../../../db/client";
import { twoFactorEnabled } from "./enrolment";

export function ownerRequiresTwoFactor(env: Pick<Env, "OWNER_REQUIRES_2FA">) {
  return env.OWNER_REQUIRES_2FA === "1";
}

/** Whether this user is an owner who must set two-factor sign-in up before the owner's pages work. */
export async function ownerSetupPending(env: Pick<Env, "OWNER_REQUIRES_2FA">, db: Database, user: SessionUser | undefined) {
  if (!user?.isOwner || !ownerRequiresTwoFactor(env)) return false;
  return !(await twoFactorEnabled(db, user.id));
}
