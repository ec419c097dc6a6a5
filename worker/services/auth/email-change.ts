// Changing the account's email address (docs/product.md#accounts, docs/decisions/0017-credentials-and-codes.md):
// proved like a password change, confirmed by a link sent to the new address (a POST, like every emailed link),
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
import { issueLinkToken, type ConsumedToken } from "./one-time-tokens";

type Deps = { env: Env; db: Database };
type EmailChange = z.output<typeof emailChangeSchema>;

const SAME_EMAIL = "That is already your email address.";
const LINK_UNUSABLE = "This link can no longer be used. Please ask for a new one from your account page.";

/** Emails the confirmation link to the new address and the notice to the old one; nothing changes yet. */
export async function requestEmailChange({ env, db }: Deps, userId: string, familyId: string | null, input: EmailChange, origin: string) {
  const account = await findUserById(db, userId);
  if (!account) throw new NotSignedIn();
  if (input.email === account.email) throw new InvalidInput("same_email", SAME_EMAIL, { email: SAME_EMAIL });
  await proveOwner(db, account, familyId, input.currentPassword);
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
