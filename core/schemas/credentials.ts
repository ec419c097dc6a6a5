// The account page's credential forms (docs/decisions/0017-credentials-and-codes.md), as their `intent` names them to
// the page's action. Their bodies are updatePasswordSchema and emailChangeSchema (./auth).
export const CREDENTIAL_INTENTS = {
  changePassword: "change-password",
  /** A passwordless account asks for the emailed link that lets it set a first password. */
  passwordLink: "password-link",
  changeEmail: "change-email",
  /** A passwordless account asks for the code to its current address that proves an email change. */
  emailChangeCode: "email-change-code",
} as const;

export type CredentialIntent = (typeof CREDENTIAL_INTENTS)[keyof typeof CREDENTIAL_INTENTS];

export const isCredentialIntent = (value: string | undefined): value is CredentialIntent =>
  Object.values<string>(CREDENTIAL_INTENTS).includes(value ?? "");

/** What the email-change form answers: the address the link went to (never a secret). */
export type EmailChangeSent = { email: string };
