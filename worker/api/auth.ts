// /api/auth: our own account backend (docs/decisions/0003-own-auth-backend.md). Every flow that starts from an email address
// answers the same whether or not the address has an account.
import { eq } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { safeNextPath } from "@core/safe-next";
import {
  emailOnlySchema,
  signInSchema,
  signUpSchema,
  updatePasswordSchema,
  verifySchema,
  type SessionUser,
  type VerifyType,
} from "@core/schemas/auth";
import type { Database } from "../db/client";
import { profiles, users } from "../db/schema";
import { ApiError } from "../lib/errors";
import { rateLimit } from "../lib/rate-limit";
import { RATE_LIMITS } from "../lib/rate-limit-rules";
import { requireUser, signedInOnly } from "../lib/permissions";
import { validJson } from "../lib/validate";
import { readCookie, REFRESH_COOKIE } from "../services/auth/cookies";
import { consumeCode, consumeLinkToken, issueCode, issueLinkToken, type ConsumedToken } from "../services/auth/one-time-tokens";
import { hashPassword, needsRehash, passwordProblem, verifyAgainstNothing, verifyPassword } from "../services/auth/password";
import {
  authSecret,
  clearedSessionCookies,
  loadSessionUser,
  revokeFamily,
  revokeOtherFamilies,
  rotateRefreshToken,
  sessionCookies,
  startSession,
} from "../services/auth/sessions";
import { createMailer, MailNotConfiguredError } from "../services/mail/mailer";
import { accountEmails } from "../services/mail/templates";
import type { AppEnv } from "../types";

type Ctx = Context<AppEnv>;

const INVALID_CREDENTIALS = new ApiError(400, "invalid_credentials", "Invalid login credentials");
const INVALID_TOKEN = new ApiError(400, "otp_invalid", "Token has expired or is invalid");

/** The same-site path an emailed link should lead back to, from the client's emailRedirectTo / redirectTo. */
function nextFromRedirect(redirectTo: string | undefined, origin: string) {
  if (!redirectTo) return safeNextPath(null);
  try {
    const url = new URL(redirectTo, origin);
    if (url.origin !== origin) return safeNextPath(null);
    return safeNextPath(url.searchParams.get("next") ?? `${url.pathname}${url.search}`);
  } catch {
    return safeNextPath(null);
  }
}

function authLink(origin: string, params: Record<string, string>) {
  return `${origin}/auth?${new URLSearchParams(params)}`;
}

/** Sends an account email; a missing or failing mail setup becomes a clear API error. */
export async function sendMail(c: Ctx, message: Parameters<ReturnType<typeof createMailer>["send"]>[0]) {
  try {
    await createMailer(c.env, c.var.db).send(message);
  } catch (error) {
    if (error instanceof MailNotConfiguredError) throw new ApiError(503, "mail_not_configured", error.message);
    console.error("Sending email failed", error);
    throw new ApiError(502, "mail_failed", "We could not send the email. Please try again in a moment.");
  }
}

async function findUser(db: Database, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return user;
}

function ownerEmails(env: Env) {
  return new Set(
    (env.OWNER_EMAILS ?? "")
      .split(",")
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
  );
}

/** Marks the address confirmed (first time only) and applies the OWNER_EMAILS setting at that moment. */
async function confirmEmail(c: Ctx, user: { id: string; email: string; emailConfirmedAt: Date | null }) {
  if (user.emailConfirmedAt) return;
  await c.var.db.update(users).set({ emailConfirmedAt: new Date() }).where(eq(users.id, user.id));
  if (ownerEmails(c.env).has(user.email)) {
    await c.var.db
      .insert(profiles)
      .values({ id: user.id, isOwner: true })
      .onConflictDoUpdate({ target: profiles.id, set: { isOwner: true } });
  }
}

async function createUser(db: Database, email: string, passwordHash: string | null) {
  const id = crypto.randomUUID();
  // A concurrent request may have created the same address a moment ago: keep the first.
  await db.insert(users).values({ id, email, passwordHash }).onConflictDoNothing({ target: users.email });
  const user = await findUser(db, email);
  if (!user) throw new Error("The account row is missing right after its insert.");
  await db.insert(profiles).values({ id: user.id }).onConflictDoNothing({ target: profiles.id });
  return user;
}

/** Signs the user in: a new session family, its cookies on the response, and the SessionInfo in the body. */
async function signIn(c: Ctx, userId: string) {
  const [row] = await c.var.db
    .select({ email: users.email, isOwner: profiles.isOwner })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw new Error("Signing in an account that does not exist.");
  const user: SessionUser = { id: userId, email: row.email, isOwner: Boolean(row.isOwner) };
  const session = await startSession(c.var.db, user, authSecret(c.env));
  for (const cookie of sessionCookies(session, c.req.url)) c.header("Set-Cookie", cookie, { append: true });
  return session.info;
}

/** What a verified email secret does: confirm the address, and create the account for a first magic link or code. */
async function accountForToken(c: Ctx, token: ConsumedToken) {
  const user = token.userId
    ? (await c.var.db.select().from(users).where(eq(users.id, token.userId)).limit(1))[0]
    : await findUser(c.var.db, token.email);
  const account = user ?? (await createUser(c.var.db, token.email, null));
  await confirmEmail(c, account);
  return account;
}

export const authApi = new Hono<AppEnv>()
  .get("/session", (c) => c.json({ session: c.var.session?.session ?? null }))

  .post("/signup", rateLimit(RATE_LIMITS.signUpIp), rateLimit(RATE_LIMITS.signUpEmail), validJson(signUpSchema), async (c) => {
    const input = c.req.valid("json");
    const problem = passwordProblem(input.password);
    if (problem) throw new ApiError(400, "weak_password", problem, { password: problem });
    // Hash in every case, so the answer takes as long for a registered address as for a new one.
    const passwordHash = await hashPassword(input.password);
    const origin = new URL(c.req.url).origin;
    const next = nextFromRedirect(input.options?.emailRedirectTo, origin);
    const existing = await findUser(c.var.db, input.email);
    if (existing?.emailConfirmedAt) {
      await sendMail(c, accountEmails.alreadyRegistered(input.email, authLink(origin, { next }), authLink(origin, { view: "forgotten_password" })));
    } else {
      // An unconfirmed account keeps its first password: only the mailbox owner can confirm it.
      const user = existing ?? (await createUser(c.var.db, input.email, passwordHash));
      const token = await issueLinkToken(c.var.db, { purpose: "signup", email: input.email, userId: user.id });
      await sendMail(c, accountEmails.confirmSignup(input.email, authLink(origin, { token_hash: token, type: "signup", next })));
    }
    return c.json({ user: { email: input.email }, session: null });
  })

  .post("/token", rateLimit(RATE_LIMITS.signInIp), rateLimit(RATE_LIMITS.signInEmail), validJson(signInSchema), async (c) => {
    const input = c.req.valid("json");
    const user = await findUser(c.var.db, input.email);
    if (!user?.passwordHash) {
      await verifyAgainstNothing(input.password);
      throw INVALID_CREDENTIALS;
    }
    if (!(await verifyPassword(input.password, user.passwordHash))) throw INVALID_CREDENTIALS;
    if (!user.emailConfirmedAt) throw new ApiError(403, "email_not_confirmed", "Email not confirmed");
    if (needsRehash(user.passwordHash)) {
      await c.var.db
        .update(users)
        .set({ passwordHash: await hashPassword(input.password) })
        .where(eq(users.id, user.id));
    }
    return c.json({ session: await signIn(c, user.id) });
  })

  .post("/magic-link", rateLimit(RATE_LIMITS.emailLinkIp), rateLimit(RATE_LIMITS.emailLinkEmail), validJson(emailOnlySchema), async (c) => {
    const input = c.req.valid("json");
    const origin = new URL(c.req.url).origin;
    const user = await findUser(c.var.db, input.email);
    const token = await issueLinkToken(c.var.db, { purpose: "magiclink", email: input.email, userId: user?.id ?? null });
    const next = nextFromRedirect(input.options?.emailRedirectTo, origin);
    await sendMail(c, accountEmails.magicLink(input.email, authLink(origin, { token_hash: token, type: "magiclink", next })));
    return c.json({ ok: true as const });
  })

  .post("/otp", rateLimit(RATE_LIMITS.emailLinkIp), rateLimit(RATE_LIMITS.emailLinkEmail), validJson(emailOnlySchema), async (c) => {
    const input = c.req.valid("json");
    const user = await findUser(c.var.db, input.email);
    const code = await issueCode(c.var.db, { email: input.email, userId: user?.id ?? null });
    await sendMail(c, accountEmails.code(input.email, code));
    return c.json({ ok: true as const });
  })

  .post("/recover", rateLimit(RATE_LIMITS.emailLinkIp), rateLimit(RATE_LIMITS.emailLinkEmail), validJson(emailOnlySchema), async (c) => {
    const input = c.req.valid("json");
    const user = await findUser(c.var.db, input.email);
    if (user) {
      const origin = new URL(c.req.url).origin;
      const token = await issueLinkToken(c.var.db, { purpose: "recovery", email: input.email, userId: user.id });
      const next = nextFromRedirect(input.options?.redirectTo ?? input.options?.emailRedirectTo, origin);
      await sendMail(c, accountEmails.recovery(input.email, authLink(origin, { token_hash: token, type: "recovery", next })));
    }
    return c.json({ ok: true as const });
  })

  .post("/verify", rateLimit(RATE_LIMITS.verifyIp), rateLimit(RATE_LIMITS.verifyEmail), validJson(verifySchema), async (c) => {
    const input = c.req.valid("json");
    const purposes: Record<VerifyType, Parameters<typeof consumeLinkToken>[2]> = {
      signup: ["signup"],
      magiclink: ["magiclink"],
      recovery: ["recovery"],
      email: ["signup", "magiclink"],
    };
    const token =
      "token_hash" in input
        ? await consumeLinkToken(c.var.db, input.token_hash, purposes[input.type])
        : await consumeCode(c.var.db, input.email, input.token);
    if (!token) throw INVALID_TOKEN;
    const account = await accountForToken(c, token);
    return c.json({ session: await signIn(c, account.id), type: input.type });
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
    const outcome = refreshToken ? await rotateRefreshToken(c.var.db, refreshToken, authSecret(c.env)) : null;
    if (!outcome?.ok) {
      for (const cookie of clearedSessionCookies(c.req.url)) c.header("Set-Cookie", cookie, { append: true });
      throw sessionEnded;
    }
    for (const cookie of sessionCookies(outcome.session, c.req.url)) c.header("Set-Cookie", cookie, { append: true });
    return c.json({ session: outcome.session.info });
  })

  .put("/user", signedInOnly, validJson(updatePasswordSchema), async (c) => {
    const user = requireUser(c);
    const input = c.req.valid("json");
    const problem = passwordProblem(input.password);
    if (problem) throw new ApiError(400, "weak_password", problem, { password: problem });
    await c.var.db
      .update(users)
      .set({ passwordHash: await hashPassword(input.password) })
      .where(eq(users.id, user.id));
    // A new password ends every other session: a stolen one must not survive the change.
    const familyId = c.var.session?.familyId;
    if (familyId) await revokeOtherFamilies(c.var.db, user.id, familyId);
    const refreshed = familyId ? await loadSessionUser(c.var.db, user.id, familyId) : null;
    const current = c.var.session?.session ?? null;
    return c.json({ session: refreshed && current ? { ...current, user: refreshed } : current });
  })

  .post("/logout", async (c) => {
    const familyId = c.var.session?.familyId;
    if (familyId) await revokeFamily(c.var.db, familyId);
    for (const cookie of clearedSessionCookies(c.req.url)) c.header("Set-Cookie", cookie, { append: true });
    return c.json({ ok: true as const });
  });
