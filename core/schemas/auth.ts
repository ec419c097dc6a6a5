// Account flows: request bodies shared by the /auth screen and /api/auth, and the session's public shape.
import * as z from "zod/mini";
import { emailField } from "./common";
import { INVALID_EMAIL_MESSAGE } from "./email";

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const PASSWORD_LENGTH_MESSAGE = `Use a password of ${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`;
export const COMMON_PASSWORD_MESSAGE = "This password is too common and easy to guess. Please choose another.";
export const EMPTY_EMAIL_MESSAGE = "Please enter your email address.";
export const CODE_MESSAGE = "Enter the 6-digit code from the email.";

/** docs/product.md#accounts: an empty email is asked for (and makes no call); anything else must look like an address. */
const accountEmailField = z.pipe(z.string({ error: INVALID_EMAIL_MESSAGE }).check(z.trim(), z.minLength(1, EMPTY_EMAIL_MESSAGE)), emailField);

export const passwordField = z
  .string({ error: PASSWORD_LENGTH_MESSAGE })
  .check(z.minLength(PASSWORD_MIN, PASSWORD_LENGTH_MESSAGE), z.maxLength(PASSWORD_MAX, PASSWORD_LENGTH_MESSAGE));

/** Where a link in an email should lead back to: an absolute URL on our own site, or a same-site path. */
const redirectOptions = z.optional(
  z.object({ emailRedirectTo: z.optional(z.string().check(z.maxLength(2048))), redirectTo: z.optional(z.string().check(z.maxLength(2048))) }),
);

export const signUpSchema = z.object({
  email: accountEmailField,
  password: passwordField,
  options: z.optional(
    z.object({
      emailRedirectTo: z.optional(z.string().check(z.maxLength(2048))),
      data: z.optional(z.record(z.string(), z.unknown())),
    }),
  ),
});

export const signInSchema = z.object({
  email: accountEmailField,
  password: z
    .string({ error: "Please enter your password." })
    .check(z.minLength(1, "Please enter your password."), z.maxLength(PASSWORD_MAX, PASSWORD_LENGTH_MESSAGE)),
});

/** Magic link, one-time code and password recovery all start from an email address. */
export const emailOnlySchema = z.object({ email: accountEmailField, options: redirectOptions });

/** "email_change" confirms a new address (docs/decisions/0017-credentials-and-codes.md). */
export const VERIFY_TYPES = ["signup", "magiclink", "recovery", "email_change", "email"] as const;
export type VerifyType = (typeof VERIFY_TYPES)[number];

/** The token of an emailed link (`/auth?token_hash=…&type=…`). */
export const linkVerifySchema = z.object({
  type: z.enum(VERIFY_TYPES, { error: "Unknown verification type." }),
  token_hash: z.string().check(z.minLength(16), z.maxLength(128)),
});

/** The one-time code form: the address the code was sent to, and the code. */
export const codeSignInSchema = z.object({
  email: accountEmailField,
  token: z.string({ error: CODE_MESSAGE }).check(z.trim(), z.regex(/^\d{6}$/, CODE_MESSAGE)),
});

/** Either the hashed token from an emailed link, or the email plus the 6-digit code (type "email"). */
export const verifySchema = z.union([
  linkVerifySchema,
  z.extend(codeSignInSchema, { type: z.literal("email", { error: "Unknown verification type." }) }),
]);

export const CURRENT_PASSWORD_MESSAGE = "Enter your current password.";

/** The current password, when a change of credentials is proved with it (checked by the server, not here). */
export const currentPasswordField = z.optional(z.string().check(z.maxLength(PASSWORD_MAX, PASSWORD_LENGTH_MESSAGE)));

/**
 * A new password; `currentPassword` proves it is the account's owner, unless this session verified a recovery link
 * within the last 10 minutes (docs/decisions/0017-credentials-and-codes.md).
 */
export const updatePasswordSchema = z.object({ password: passwordField, currentPassword: currentPasswordField });

/** Changing the account's address: the new one, proved like a password change. */
export const emailChangeSchema = z.object({
  email: accountEmailField,
  currentPassword: currentPasswordField,
  /** A passwordless account (passkeys only) proves itself with a code sent to its current address instead. */
  code: z.optional(z.string({ error: CODE_MESSAGE }).check(z.trim(), z.regex(/^\d{6}$/, CODE_MESSAGE))),
});

export type { SessionInfo, SessionUser } from "./session";
export { AUTH_REFRESH_MARGIN_MS, AUTH_REFRESH_TICK_MS } from "./session";
