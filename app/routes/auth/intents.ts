// The forms of the sign-in screen, by the name each posts in its `intent` field (shared by the forms and the action).
export const AUTH_INTENTS = [
  "sign_in",
  "sign_up",
  "magic_link",
  "forgotten_password",
  "send_code",
  "verify_code",
  "verify_link",
  "update_password",
  "two_factor",
] as const;

export type AuthIntent = (typeof AUTH_INTENTS)[number];

export const isAuthIntent = (value: string | undefined): value is AuthIntent => AUTH_INTENTS.includes(value as AuthIntent);

/** What the forms that send an email answer: the address, so that the page can show it again (never a secret). */
export type SentTo = { email: string };

/** What a first sign-in step answers when the account has two-factor sign-in on: the challenge the code step posts back. */
export type CodeRequired = { challenge: string };

export const isCodeRequired = (data: unknown): data is CodeRequired =>
  typeof data === "object" && data !== null && typeof (data as { challenge?: unknown }).challenge === "string";
