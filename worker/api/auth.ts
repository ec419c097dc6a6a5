// /api/auth: our own account backend (docs/decisions/0003-own-auth-backend.md). Each route is its rate limits and
// validation, then one call into services/auth/lifecycle.ts, which the sign-in screen's form action calls too.
import { Hono, type Context } from "hono";
import { safeNextPath } from "@core/safe-next";
import { emailOnlySchema, signInSchema, signUpSchema, updatePasswordSchema, verifySchema } from "@core/schemas/auth";
import { ApiError } from "../lib/errors";
import { requireProof } from "../lib/human-proof";
import { rateLimit } from "../lib/rate-limit";
import { RATE_LIMITS } from "../lib/rate-limit-rules";
import { requireUser, signedInOnly } from "../lib/permissions";
import { validJson } from "../lib/validate";
import { readCookie, REFRESH_COOKIE } from "../services/auth/cookies";
import {
  changePassword,
  requestMagicLink,
  requestPasswordReset,
  requestSignInCode,
  signInWithPassword,
  signOut,
  signUp,
  verifyEmailedSecret,
  type LinkTarget,
} from "../services/auth/lifecycle";
import {
  authSecret,
  clearedSessionCookies,
  rotateRefreshToken,
  sessionClientOf,
  sessionCookies,
  type IssuedSession,
} from "../services/auth/sessions";
import { isPendingTwoFactor, type PendingTwoFactor } from "../services/auth/two-factor/challenge";
import type { AppEnv } from "../types";
import { twoFactorApi } from "./two-factor";
import { credentialsApi } from "./credentials";

type Ctx = Context<AppEnv>;

/** Where an emailed link leads back to, from the client's emailRedirectTo / redirectTo (only a same-site path is kept). */
function linkTarget(c: Ctx, redirectTo: string | undefined): LinkTarget {
  const origin = new URL(c.req.url).origin;
  if (!redirectTo) return { origin, next: safeNextPath(null) };
  try {
    const url = new URL(redirectTo, origin);
    if (url.origin !== origin) return { origin, next: safeNextPath(null) };
    return { origin, next: safeNextPath(url.searchParams.get("next") ?? `${url.pathname}${url.search}`) };
  } catch {
    return { origin, next: safeNextPath(null) };
  }
}

/** A new session's cookies on the response; the body gets its SessionInfo. */
function withSessionCookies(c: Ctx, session: IssuedSession) {
  for (const cookie of sessionCookies(session, c.req.url)) c.header("Set-Cookie", cookie, { append: true });
  return session.info;
}

function clearSessionCookies(c: Ctx) {
  for (const cookie of clearedSessionCookies(c.req.url)) c.header("Set-Cookie", cookie, { append: true });
}

const services = (c: Ctx) => ({ env: c.env, db: c.var.db, client: sessionClientOf(c.req.raw) });

/** docs/product.md#accounts: with two-factor sign-in on, a first step answers the challenge instead of a session. */
const twoFactorRequired = (pending: PendingTwoFactor) => ({ session: null, mfa_required: true as const, challenge: pending.challenge });

export const authApi = new Hono<AppEnv>()
  .get("/session", (c) => c.json({ session: c.var.session?.session ?? null }))

  .post("/signup", rateLimit(RATE_LIMITS.signUpIp), rateLimit(RATE_LIMITS.signUpEmail), requireProof(), validJson(signUpSchema), async (c) => {
    const input = c.req.valid("json");
    await signUp(services(c), input, linkTarget(c, input.options?.emailRedirectTo));
    return c.json({ user: { email: input.email }, session: null });
  })

  .post("/token", rateLimit(RATE_LIMITS.signInIp), rateLimit(RATE_LIMITS.signInEmail), validJson(signInSchema), async (c) => {
    const session = await signInWithPassword(services(c), c.req.valid("json"));
    if (isPendingTwoFactor(session)) return c.json(twoFactorRequired(session));
    return c.json({ session: withSessionCookies(c, session) });
  })

  .post(
    "/magic-link",
    rateLimit(RATE_LIMITS.emailLinkIp),
    rateLimit(RATE_LIMITS.emailLinkEmail),
    requireProof(),
    validJson(emailOnlySchema),
    async (c) => {
      const input = c.req.valid("json");
      await requestMagicLink(services(c), input.email, linkTarget(c, input.options?.emailRedirectTo));
      return c.json({ ok: true as const });
    },
  )

  .post("/otp", rateLimit(RATE_LIMITS.emailLinkIp), rateLimit(RATE_LIMITS.emailLinkEmail), requireProof(), validJson(emailOnlySchema), async (c) => {
    await requestSignInCode(services(c), c.req.valid("json").email);
    return c.json({ ok: true as const });
  })

  .post(
    "/recover",
    rateLimit(RATE_LIMITS.emailLinkIp),
    rateLimit(RATE_LIMITS.emailLinkEmail),
    requireProof(),
    validJson(emailOnlySchema),
    async (c) => {
      const input = c.req.valid("json");
      await requestPasswordReset(services(c), input.email, linkTarget(c, input.options?.redirectTo ?? input.options?.emailRedirectTo));
      return c.json({ ok: true as const });
    },
  )

  .post("/verify", rateLimit(RATE_LIMITS.verifyIp), rateLimit(RATE_LIMITS.verifyEmail), validJson(verifySchema), async (c) => {
    const input = c.req.valid("json");
    const session = await verifyEmailedSecret(services(c), input);
    if (isPendingTwoFactor(session)) return c.json({ ...twoFactorRequired(session), type: input.type });
    return c.json({ session: withSessionCookies(c, session), type: input.type });
  })

  .post("/refresh", async (c) => {
    const sessionEnded = new ApiError(401, "session_expired", "Your session has ended. Please sign in again.");
    // readSession has rotated (or cleared) the cookies already if the access token had expired.
    if (c.var.session?.setCookies.length) {
      if (!c.var.session.session) throw sessionEnded;
      return c.json({ session: c.var.session.session });
    }
    // Otherwise rotate now, as asked: the client refreshes shortly before the access token expires.
    const refreshToken = readCookie(c.req.header("cookie"), REFRESH_COOKIE);
    const outcome = refreshToken ? await rotateRefreshToken(c.var.db, refreshToken, authSecret(c.env), Date.now(), sessionClientOf(c.req.raw)) : null;
    if (!outcome?.ok) {
      clearSessionCookies(c);
      throw sessionEnded;
    }
    return c.json({ session: withSessionCookies(c, outcome.session) });
  })

  .put(
    "/user",
    signedInOnly,
    rateLimit(RATE_LIMITS.credentialsIp),
    rateLimit(RATE_LIMITS.passwordChange),
    validJson(updatePasswordSchema),
    async (c) => {
      const user = requireUser(c);
      const refreshed = await changePassword(services(c), user, c.var.session?.familyId ?? null, c.req.valid("json"));
      const current = c.var.session?.session ?? null;
      return c.json({ session: refreshed && current ? { ...current, user: refreshed } : current });
    },
  )

  .route("/", credentialsApi)

  .route("/two-factor", twoFactorApi)

  .post("/logout", async (c) => {
    await signOut(c.var.db, c.var.session?.familyId ?? null);
    clearSessionCookies(c);
    return c.json({ ok: true as const });
  });
