// The passkeys contract (docs/product.md#accounts, docs/decisions/0016-passkeys.md), shared by /api/auth/passkeys,
// the account page's passkey forms and the sign-in screen: request bodies and the shapes of the answers.
import * as z from "zod/mini";

export const PASSKEY_NAME_MAX = 60;
const NAME_MESSAGE = `Give the passkey a name of 1 to ${PASSKEY_NAME_MAX} characters.`;

export const passkeyNameSchema = z
  .string({ error: NAME_MESSAGE })
  .check(z.trim(), z.minLength(1, NAME_MESSAGE), z.maxLength(PASSKEY_NAME_MAX, NAME_MESSAGE));

/**
 * A WebAuthn response as @simplewebauthn/browser sends it. Only its outline is checked here: the library's
 * verification reads every byte of it.
 */
const credentialResponseSchema = z.looseObject({
  id: z.string().check(z.minLength(1), z.maxLength(1400)),
  rawId: z.string().check(z.maxLength(1400)),
  type: z.literal("public-key"),
  response: z.looseObject({ clientDataJSON: z.string().check(z.maxLength(4096)) }),
});

export const passkeyRegistrationSchema = z.object({ response: credentialResponseSchema, name: z.optional(passkeyNameSchema) });
export const passkeySignInSchema = z.object({ response: credentialResponseSchema });
export const passkeyRenameSchema = z.object({ name: passkeyNameSchema });

/** The account page's passkey forms, as their `intent` names them to the page's action. */
export const PASSKEY_INTENTS = { rename: "passkey-rename", remove: "passkey-remove" } as const;
export const passkeyFormSchema = z.object({ passkeyId: z.string().check(z.minLength(1), z.maxLength(64)) });

/** One passkey as the account page lists it. */
export type PasskeySummary = { id: string; name: string; createdAt: number; lastUsedAt: number | null };

/** What removing a passkey answers: whether the account is now left with email sign-in only. */
export type PasskeyRemoval = { emailSignInOnly: boolean };
