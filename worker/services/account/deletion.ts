// Confirming an account's deletion (docs/product.md#privacy): by the password, or for an account without one by a
// code sent by email. Used by POST /api/account/delete(/code) and the account page's action.
import { DELETE_CODE_MESSAGE, DELETE_PASSWORD_MESSAGE, type DeleteAccountInput } from "@core/schemas/account";
import type { Database } from "../../db/client";
import { consumeCode, issueCode } from "../auth/one-time-tokens";
import { verifyPassword } from "../auth/password";
import { InvalidInput } from "../errors";
import { sendMail } from "../mail/send";
import { accountEmails } from "../mail/templates";

type Account = { id: string; email: string; passwordHash: string | null };

/** Checks what confirms the deletion; a wrong or missing one is InvalidInput naming its field, and nothing is deleted. */
export async function confirmAccountDeletion(db: Database, account: Account, input: DeleteAccountInput) {
  if (account.passwordHash) {
    if (!("password" in input)) throw new InvalidInput("invalid_input", DELETE_PASSWORD_MESSAGE, { password: DELETE_PASSWORD_MESSAGE });
    if (!(await verifyPassword(input.password, account.passwordHash))) {
      const message = "That password is not correct. Nothing was deleted.";
      throw new InvalidInput("invalid_password", message, { password: message });
    }
    return;
  }
  if (!("code" in input)) throw new InvalidInput("invalid_input", DELETE_CODE_MESSAGE, { code: DELETE_CODE_MESSAGE });
  if (!(await consumeCode(db, account.email, input.code, Date.now(), "account_delete"))) {
    const message = "That code is not correct or has expired. Nothing was deleted.";
    throw new InvalidInput("invalid_code", message, { code: message });
  }
}

/** Emails the code that confirms deleting an account without a password (one with a password confirms with it). */
export async function sendDeletionCode(db: Database, env: Env, account: Account) {
  if (account.passwordHash) throw new InvalidInput("password_required", "Your account has a password: confirm with it instead.");
  const code = await issueCode(db, { email: account.email, userId: account.id }, "account_delete");
  await sendMail(env, db, accountEmails.deleteAccountCode(account.email, code));
}
