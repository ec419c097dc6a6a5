// Changing the account's email address (docs/product.md#accounts, docs/decisions/0017-credentials-and-codes.md):
// proved like a password change (a passwordless account, passkeys only, with a code sent to its current address
// instead), confirmed by a link sent to the new address (a POST, like every emailed link),
// with a notice to the old one. The change takes effect only when the link is used; an address that belongs to
// another account is answered like any other, and its owner is told by email.
import type * as z from "zod/mini";
import type { emailChangeSchema } from "@core/schemas/auth";
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../../db/client";
import { oneTimeTokens, users } from "../../db/schema";
import { InvalidInput, NotSignedIn } from "../errors";
import { credentialEmails } from "../mail/credential-emails";
import { sendMail } from "../mail/send";
import { findUserByEmail, findUserById } from "./accounts";
import { proveOwner } from "./credentials";
import { consumeCode, issueCode, issueLinkToken, type ConsumedToken } from "./one-time-tokens";

type Deps = { env: Env; db: Database };
type EmailChange = z.output<typeof emailChangeSchema>;

const SAME_EMAIL = "That is already your email address.";
const LINK_UNUSABLE = "This link can no longer be used. Please ask for a new one from your account page.";
const WRONG_CODE = "That code is not right, or it has expired. Ask for a new one.";
const CODE_REQUIRED = "Ask for a code to your current address, then enter it here.";

type Account = { id: string; email: string; passwordHash: string | null };

/** A passwordless account's proof, step one: a 6-digit code to its current address (a new one kills the last). */
export async function sendEmailChangeCode({ env, db }: Deps, userId: string) {
  const account = await findUserById(db, userId);
  if (!account) throw new NotSignedIn();
  if (account.passwordHash) throw new InvalidInput("password_required", "Your account has a password: confirm with it instead.");
  const code = await issueCode(db, { email: account.email, userId: account.id }, "email_change_code");
  await sendMail(env, db, credentialEmails.emailChangeCode(account.email, code));
}

/**
 * The owner's proof: the current password; for an account without one, the emailed code (5 tries, 10 minutes);
 * either way a recovery link this session verified in the last 10 minutes also counts.
 */
async function proveEmailChange(db: Database, account: Account, familyId: string | null, input: EmailChange) {
  if (account.passwordHash) return proveOwner(db, account, familyId, input.currentPassword);
  if (input.code) {
    if (await consumeCode(db, account.email, input.code, Date.now(), "email_change_code")) return;
    throw new InvalidInput("invalid_code", WRONG_CODE, { code: WRONG_CODE });
  }
  try {
    await proveOwner(db, account, familyId, undefined);
  } catch (error) {
    if (error instanceof InvalidInput) throw new InvalidInput("code_required", CODE_REQUIRED, { code: CODE_REQUIRED });
    throw error;
  }
}

/** Emails the confirmation link to the new address and the notice to the old one; nothing changes yet. */
export async function requestEmailChange({ env, db }: Deps, userId: string, familyId: string | null, input: EmailChange, origin: string) {
  const account = await findUserById(db, userId);
  if (!account) throw new NotSignedIn();
  if (input.email === account.email) throw new InvalidInput("same_email", SAME_EMAIL, { email: SAME_EMAIL });
  await proveEmailChange(db, account, familyId, input);
  // The same two emails go out whether or not the address is taken, so the answer and its timing reveal nothing.
  if (await findUserByEmail(db, input.email)) {
    await sendMail(env, db, credentialEmails.emailChangeTaken(input.email, `${origin}/auth`));
  } else {
    const token = await issueLinkToken(db, { purpose: "email_change", email: input.email, userId: account.id });
    const link = `${origin}/auth?${new URLSearchParams({ token_hash: token, type: "email_change", next: "/account" })}`;
    await sendMail(env, db, credentialEmails.confirmEmailChange(input.email, link));
  }
  await sendMail(env, db, credentialEmails.emailChangeNotice(account.email, input.email));
}

/**
 * What a used email-change link does: the account moves to the new address, and the emailed secrets still live
 * for it (sent to the old address) die. The owner role is not touched: OWNER_EMAILS is applied only when an
 * account first confirms its address, so moving to an owner's address grants nothing.
 */
export async function applyEmailChange(db: Database, token: ConsumedToken) {
  const account = token.userId ? await findUserById(db, token.userId) : undefined;
  if (!account) throw new InvalidInput("otp_invalid", LINK_UNUSABLE);
  if (await findUserByEmail(db, token.email)) throw new InvalidInput("email_taken", LINK_UNUSABLE);
  try {
    await db.update(users).set({ email: token.email }).where(eq(users.id, account.id));
  } catch (error) {
    // Taken a moment ago by a sign-up (the address is unique).
    if (String(error).includes("UNIQUE")) throw new InvalidInput("email_taken", LINK_UNUSABLE);
    throw error;
  }
  await db.delete(oneTimeTokens).where(and(eq(oneTimeTokens.userId, account.id), isNull(oneTimeTokens.usedAt)));
  return { ...account, email: token.email };
}
