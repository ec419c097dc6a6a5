// /api/account/sessions: the signed-in user's sessions (docs/product.md#accounts, docs/decisions/0014-session-list.md):
// list them, sign one out, or every other one. Mounted in account.ts, whose no-store header covers it. Every route
// starts with requireUser, and every query is filtered by that user; the writes are rate limited per user.
import { Hono, type Context } from "hono";
import type { SessionList } from "@core/schemas/session-list";
import { notSignedIn } from "../lib/errors";
import { rateLimit } from "../lib/rate-limit";
import { RATE_LIMITS } from "../lib/rate-limit-rules";
import { requireUser, signedInOnly } from "../lib/permissions";
import { listSessions, signOutOtherSessions, signOutSession } from "../services/auth/sessions-list";
import { clearedSessionCookies } from "../services/auth/sessions";
import type { AppEnv } from "../types";

type Ctx = Context<AppEnv>;

/** This request's session (its refresh-token family): every signed-in request has one. */
function currentFamilyId(c: Ctx) {
  const familyId = c.var.session?.familyId;
  if (!familyId) throw notSignedIn();
  return familyId;
}

/** This browser's session has just ended: clear its cookies, and drop any refreshed ones readSession would add. */
function clearSessionCookies(c: Ctx) {
  c.var.session?.setCookies.splice(0);
  for (const cookie of clearedSessionCookies(c.req.url)) c.header("Set-Cookie", cookie, { append: true });
}

export const sessionsApi = new Hono<AppEnv>()
  .get("/", async (c) => {
    const user = requireUser(c);
    return c.json({ sessions: await listSessions(c.var.db, user.id, c.var.session?.familyId ?? null) } satisfies SessionList);
  })

  // Signing out this very session is a sign-out: its cookies are cleared too.
  .delete("/:id", signedInOnly, rateLimit(RATE_LIMITS.sessionSignOut), async (c) => {
    const user = requireUser(c);
    const familyId = c.req.param("id");
    const current = familyId === currentFamilyId(c);
    const signedOut = await signOutSession(c.var.db, user.id, familyId);
    if (current) clearSessionCookies(c);
    return c.json({ ...signedOut, current });
  })

  .post("/sign-out-others", signedInOnly, rateLimit(RATE_LIMITS.sessionSignOut), async (c) => {
    const user = requireUser(c);
    return c.json(await signOutOtherSessions(c.var.db, user.id, currentFamilyId(c)));
  });
