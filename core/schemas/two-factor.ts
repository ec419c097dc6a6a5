// Two-factor sign-in (docs/product.md#accounts): the bodies the account page, the sign-in screen and /api/auth/two-factor
// share, and the answer a first sign-in step gives instead of a session when the account has it on.
import * as z from "zod/mini";
import type { SessionInfo } from "./session";

export const TWO_FACTOR_CODE_MESSAGE = "Enter the 6-digit code from your authenticator app, or a backup code.";
export const SETUP_CODE_MESSAGE = "Enter the 6-digit code your authenticator app shows.";
export const OWNER_NEEDS_TWO_FACTOR_MESSAGE = "Set up two-factor sign-in first: the owner's pages need it on this site. Go to your account page.";

/** A TOTP code (6 digits) or a backup code (10 characters, dashes and spaces allowed). */
const codeField = z
  .string({ error: TWO_FACTOR_CODE_MESSAGE })
  .check(z.trim(), z.minLength(6, TWO_FACTOR_CODE_MESSAGE), z.maxLength(24, TWO_FACTOR_CODE_MESSAGE));

/** Disabling two-factor sign-in, or new backup codes: a fresh code. */
export const twoFactorCodeSchema = z.object({ code: codeField });

/** Confirming the setup: a code from the new secret (backup codes do not exist yet). */
export const twoFactorSetupCodeSchema = z.object({
  code: z.string({ error: SETUP_CODE_MESSAGE }).check(z.trim(), z.regex(/^\d{6}$/, SETUP_CODE_MESSAGE)),
});

/** The second sign-in step: the challenge the first step answered, and the code. */
export const twoFactorVerifySchema = z.object({
  challenge: z.string({ error: "This sign-in step has expired. Please sign in again." }).check(z.minLength(16), z.maxLength(128)),
  code: codeField,
});

/** What POST /api/auth/token and /api/auth/verify answer instead of a session when the account has two-factor sign-in on. */
export type TwoFactorRequired = { session: null; mfa_required: true; challenge: string };

/** What POST /api/auth/two-factor/verify answers: the session, and whether it came from a password recovery link. */
export type TwoFactorVerified = { session: SessionInfo; recovery: boolean };

export type TwoFactorStatus = { enabled: boolean; backupCodesLeft: number; requiredForOwner: boolean };
export type TwoFactorSetup = { secret: string; uri: string };
export type BackupCodes = { backupCodes: string[] };

/** What the account page's section is drawn from: the status, and the pending setup while one is unconfirmed. */
export type TwoFactorSection = TwoFactorStatus & { pending: TwoFactorSetup | null };

/** The account page's forms for two-factor sign-in (each posts its name in `intent`). */
export const TWO_FACTOR_INTENTS = {
  setup: "two_factor_setup",
  enable: "two_factor_enable",
  disable: "two_factor_disable",
  backupCodes: "two_factor_backup_codes",
} as const;

/** The sign-in screen's code step. */
export const TWO_FACTOR_SIGN_IN_INTENT = "two_factor";
