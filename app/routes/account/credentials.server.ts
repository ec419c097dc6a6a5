// The account page's credential forms (docs/decisions/0017-credentials-and-codes.md), posted by a fetcher with
// JavaScript and by the browser without: the password change, the link to set a first password, the email change
// (and, for a passwordless account, the code that proves it).
// Same services, schemas and limits as PUT /api/auth/user and POST /api/auth/email-change.
import { emailChangeSchema, emailOnlySchema, updatePasswordSchema } from "@core/schemas/auth";
import { CREDENTIAL_INTENTS, type CredentialIntent, type EmailChangeSent } from "@core/schemas/credentials";
import { enforceRateLimit, requestIp } from "@worker/lib/rate-limit";
import { RATE_LIMITS } from "@worker/lib/rate-limit-rules";
import { requestEmailChange, sendEmailChangeCode } from "@worker/services/auth/email-change";
import { changePassword, requestPasswordReset } from "@worker/services/auth/lifecycle";
import type { SessionUser } from "@core/schemas/auth";
import { guardFormAction, runFormAction, type actionServices } from "~/lib/form-action.server";

type Fields = Record<string, string>;

export type CredentialRequest = {
  user: SessionUser;
  familyId: string | null;
  headers: Headers;
  request: Request;
  services: ReturnType<typeof actionServices>;
};

/** The per-account rule of each form; the client address is a coarse outer bound for all three. */
const ACCOUNT_RULE = {
  [CREDENTIAL_INTENTS.changePassword]: RATE_LIMITS.passwordChange,
  [CREDENTIAL_INTENTS.passwordLink]: RATE_LIMITS.passwordChange,
  [CREDENTIAL_INTENTS.changeEmail]: RATE_LIMITS.emailChange,
  [CREDENTIAL_INTENTS.emailChangeCode]: RATE_LIMITS.emailChangeCode,
} as const;

function run(intent: CredentialIntent, fields: Fields, signed: CredentialRequest) {
  const { services, user, familyId, headers } = signed;
  const origin = new URL(signed.request.url).origin;
  switch (intent) {
    case CREDENTIAL_INTENTS.changePassword:
      return runFormAction(
        intent,
        fields,
        updatePasswordSchema,
        async (input) => {
          await changePassword(services, user, familyId, input);
          return null;
        },
        { headers },
      );
    case CREDENTIAL_INTENTS.passwordLink:
      return runFormAction(
        intent,
        fields,
        emailOnlySchema,
        async ({ email }): Promise<EmailChangeSent> => {
          await enforceRateLimit(services.db, RATE_LIMITS.emailLinkEmail, email);
          await requestPasswordReset(services, email, { origin, next: "/account" });
          return { email };
        },
        { headers, input: { email: user.email } },
      );
    case CREDENTIAL_INTENTS.emailChangeCode:
      return runFormAction(
        intent,
        fields,
        emailOnlySchema,
        async ({ email }): Promise<EmailChangeSent> => {
          await sendEmailChangeCode(services, user.id);
          return { email };
        },
        { headers, input: { email: user.email } },
      );
    case CREDENTIAL_INTENTS.changeEmail:
      return runFormAction(
        intent,
        fields,
        emailChangeSchema,
        async (input): Promise<EmailChangeSent> => {
          await requestEmailChange(services, user.id, familyId, input, origin);
          return { email: input.email };
        },
        { headers },
      );
  }
}

export async function credentialsForm(intent: CredentialIntent, fields: Fields, signed: CredentialRequest) {
  const { db } = signed.services;
  const refused = await guardFormAction(
    intent,
    fields,
    async () => {
      await enforceRateLimit(db, RATE_LIMITS.credentialsIp, requestIp(signed.request));
      await enforceRateLimit(db, ACCOUNT_RULE[intent], signed.user.id);
    },
    { headers: signed.headers },
  );
  return refused ?? run(intent, fields, signed);
}
