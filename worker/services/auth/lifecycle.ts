// An account's life, as the JSON API (worker/api/auth.ts) and the sign-in screen's form action both run it:
// sign-up and confirmation, password sign-in, emailed links and codes, recovery, a password change and
// sign-out (docs/product.md#accounts, docs/decisions/0003-own-auth-backend.md). Every flow that starts from an
// email address answers the same whether or not the address has an account.
import type * as z from "zod/mini";
import type { SessionUser, updatePasswordSchema, VerifyType, verifySchema } from "@core/schemas/auth";
import type { Database } from "../../db/client";
import { Forbidden, InvalidInput, NotSignedIn } from "../errors";
import { sendMail } from "../mail/send";
import { accountEmails } from "../mail/templates";
import { accountForToken, createUser, findUserByEmail, findUserById, setPasswordHash } from "./accounts";
import { forgetRecovery, proveOwner, rememberRecovery } from "./credentials";
import { applyEmailChange } from "./email-change";
import { consumeCode, consumeLinkToken, issueCode, issueLinkToken } from "./one-time-tokens";
import { hashPassword, needsRehash, passwordProblem, verifyAgainstNothing, verifyPassword } from "./password";
import { loadSessionUser, revokeFamily, revokeOtherFamilies, type SessionClient } from "./sessions";
import { isPendingTwoFactor, startSessionOrChallenge } from "./two-factor/challenge";

/** `client`: the browser signing in, whose coarse device label the session list shows (unknown when left out). */
export type AuthDeps = { env: Env; db: Database; client?: SessionClient };

/** Where an emailed link leads: this site's origin, and the same-site path (core/safe-next) to go on to once it worked. */
export type LinkTarget = { origin: string; next: string };

type Credentials = { email: string; password: string };

const invalidCredentials = () => new InvalidInput("invalid_credentials", "Invalid login credentials");
const invalidToken = () => new InvalidInput("otp_invalid", "Token has expired or is invalid");

function authLink(origin: string, params: Record<string, string>) {
  return `${origin}/auth?${new URLSearchParams(params)}`;
}

function refuseWeakPassword(password: string) {
  const problem = passwordProblem(password);
  if (problem) throw new InvalidInput("weak_password", problem, { password: problem });
}

/** Creates the account (or keeps the one there) and emails a confirmation link; a confirmed address is told so instead. */
export async function signUp({ env, db }: AuthDeps, { email, password }: Credentials, { origin, next }: LinkTarget) {
  refuseWeakPassword(password);
  // Hash in every case, so the answer takes as long for a registered address as for a new one.
  const passwordHash = await hashPassword(password);
  const existing = await findUserByEmail(db, email);
  if (existing?.emailConfirmedAt) {
    const message = accountEmails.alreadyRegistered(email, authLink(origin, { next }), authLink(origin, { view: "forgotten_password" }));
    await sendMail(env, db, message);
    return;
  }
  // An unconfirmed account keeps its first password: only the mailbox owner can confirm it.
  const user = existing ?? (await createUser(db, email, passwordHash));
  const token = await issueLinkToken(db, { purpose: "signup", email, userId: user.id });
  await sendMail(env, db, accountEmails.confirmSignup(email, authLink(origin, { token_hash: token, type: "signup", next })));
}

/**
 * A new session for the right password of a confirmed account (or, with two-factor sign-in on, the challenge that
 * asks for the code); an unknown address spends the same time as a known one.
 */
export async function signInWithPassword(deps: AuthDeps, { email, password }: Credentials) {
  const user = await findUserByEmail(deps.db, email);
  if (!user?.passwordHash) {
    await verifyAgainstNothing(password);
    throw invalidCredentials();
  }
  if (!(await verifyPassword(password, user.passwordHash))) throw invalidCredentials();
  if (!user.emailConfirmedAt) throw new Forbidden("email_not_confirmed", "Email not confirmed");
  if (needsRehash(user.passwordHash)) await setPasswordHash(deps.db, user.id, await hashPassword(password));
  return startSessionOrChallenge(deps, user.id);
}

/** Emails a sign-in link; its first use creates and confirms the account if there is none. */
export async function requestMagicLink({ env, db }: AuthDeps, email: string, { origin, next }: LinkTarget) {
  const user = await findUserByEmail(db, email);
  const token = await issueLinkToken(db, { purpose: "magiclink", email, userId: user?.id ?? null });
  await sendMail(env, db, accountEmails.magicLink(email, authLink(origin, { token_hash: token, type: "magiclink", next })));
}

/** Emails a 6-digit sign-in code. */
export async function requestSignInCode({ env, db }: AuthDeps, email: string) {
  const user = await findUserByEmail(db, email);
  const code = await issueCode(db, { email, userId: user?.id ?? null });
  await sendMail(env, db, accountEmails.code(email, code));
}

/** Emails a password reset link, only if the address has an account (the answer is the same either way). */
export async function requestPasswordReset({ env, db }: AuthDeps, email: string, { origin, next }: LinkTarget) {
  const user = await findUserByEmail(db, email);
  if (!user) return;
  const token = await issueLinkToken(db, { purpose: "recovery", email, userId: user.id });
  await sendMail(env, db, accountEmails.recovery(email, authLink(origin, { token_hash: token, type: "recovery", next })));
}

type VerifyInput = z.output<typeof verifySchema>;

/** Which emailed secrets each verify type accepts ("email" is the code, or a link of either sign-in kind). */
const PURPOSES: Record<VerifyType, Parameters<typeof consumeLinkToken>[2]> = {
  signup: ["signup"],
  magiclink: ["magiclink"],
  recovery: ["recovery"],
  email_change: ["email_change"],
  email: ["signup", "magiclink"],
};

/**
 * Uses an emailed link's token or a code once and signs in (or answers the two-factor challenge when the account has
 * it on): confirms the address (creating the account if needed), or for an email-change link moves the account to
 * its new address. A recovery link's session is remembered, so that it may set a new password without the old one
 * for a while (credentials.ts); behind two-factor, that happens when the challenge is completed.
 */
export async function verifyEmailedSecret(deps: AuthDeps, input: VerifyInput) {
  const token =
    "token_hash" in input
      ? await consumeLinkToken(deps.db, input.token_hash, PURPOSES[input.type])
      : await consumeCode(deps.db, input.email, input.token);
  if (!token) throw invalidToken();
  const account = token.purpose === "email_change" ? await applyEmailChange(deps.db, token) : await accountForToken(deps.env, deps.db, token);
  const started = await startSessionOrChallenge(deps, account.id, token.purpose === "recovery" ? "recovery" : "sign_in");
  if (token.purpose === "recovery" && !isPendingTwoFactor(started)) await rememberRecovery(deps.db, account.id, started.familyId);
  return started;
}

type PasswordChange = z.output<typeof updatePasswordSchema>;

/**
 * Sets a new password for the signed-in user, proved by the current password or a recent recovery link
 * (credentials.ts), and ends every other session: a stolen one must not survive the change. Answers the user as
 * this session now sees them (null without a session family).
 */
export async function changePassword({ db }: AuthDeps, user: SessionUser, familyId: string | null, { password, currentPassword }: PasswordChange) {
  refuseWeakPassword(password);
  const account = await findUserById(db, user.id);
  if (!account) throw new NotSignedIn();
  await proveOwner(db, account, familyId, currentPassword);
  await setPasswordHash(db, user.id, await hashPassword(password));
  await forgetRecovery(db, familyId);
  if (!familyId) return null;
  await revokeOtherFamilies(db, user.id, familyId);
  return loadSessionUser(db, user.id, familyId);
}

/** Ends this session everywhere it is used (its cookies are the caller's to clear, see clearedSessionCookies). */
export async function signOut(db: Database, familyId: string | null) {
  if (familyId) await revokeFamily(db, familyId);
}
