// The browser's side of /api/auth: one small function per call. Tokens live in HttpOnly cookies,
// so nothing here ever sees one; the browser only learns the public SessionInfo.
import { ApiRequestError, apiRequest } from "~/lib/api";
import { PROOF_FIELD } from "@core/bot-protection";
import type { SessionInfo, VerifyType } from "@core/schemas/auth";
import type { TwoFactorRequired } from "@core/schemas/two-factor";

export { DEFAULT_NEXT_PATH, safeNextPath } from "@core/safe-next";

/** The views of the /auth screen (docs/product.md#accounts). */
export const AUTH_VIEWS = ["sign_in", "sign_up", "forgotten_password", "magic_link", "update_password", "verify_otp"] as const;
export type AuthView = (typeof AUTH_VIEWS)[number];
export const isAuthView = (value: string | null): value is AuthView => AUTH_VIEWS.includes(value as AuthView);

/** Types an emailed link can carry (`/auth?token_hash=…&type=…`). */
export type LinkVerifyType = Exclude<VerifyType, "email">;
const LINK_TYPES: readonly string[] = ["signup", "magiclink", "recovery", "email_change"] satisfies LinkVerifyType[];
export const isLinkVerifyType = (value: string | null): value is LinkVerifyType => value !== null && LINK_TYPES.includes(value);

/** Where an emailed link leads back to: the /auth screen, which then goes on to `next`. */
export function authRedirectUrl(origin: string, next: string) {
  return `${origin}/auth?next=${encodeURIComponent(next)}`;
}

export async function fetchSession(signal?: AbortSignal) {
  const { session } = await apiRequest<{ session: SessionInfo | null }>("/auth/session", { method: "GET", signal });
  return session;
}

/** The human check's solved proof, from the form's `altcha` field (docs/decisions/0018-bot-protection.md). */
export type HumanProof = string | undefined;

/** Creates an account; the answer has no session until the emailed confirmation link is opened. */
export async function signUp(email: string, password: string, emailRedirectTo: string, proof: HumanProof) {
  return apiRequest<{ user: { email: string } | null; session: SessionInfo | null }>("/auth/signup", {
    json: { email, password, options: { emailRedirectTo }, [PROOF_FIELD]: proof },
  });
}

/** What a first sign-in step gives: the session, or (two-factor sign-in on) the challenge the code step completes. */
export type FirstStep = SessionInfo | { challenge: string };

function firstStep(answer: { session: SessionInfo } | TwoFactorRequired): FirstStep {
  return answer.session ?? { challenge: (answer as TwoFactorRequired).challenge };
}

export const needsCode = (step: FirstStep): step is { challenge: string } => "challenge" in step;

export async function signInWithPassword(email: string, password: string) {
  return firstStep(await apiRequest<{ session: SessionInfo } | TwoFactorRequired>("/auth/token", { json: { email, password } }));
}

export async function sendMagicLink(email: string, emailRedirectTo: string, proof: HumanProof) {
  await apiRequest<{ ok: true }>("/auth/magic-link", { json: { email, options: { emailRedirectTo }, [PROOF_FIELD]: proof } });
}

/** Emails a 6-digit one-time code. */
export async function sendOtp(email: string, proof: HumanProof) {
  await apiRequest<{ ok: true }>("/auth/otp", { json: { email, [PROOF_FIELD]: proof } });
}

export async function sendPasswordReset(email: string, redirectTo: string, proof: HumanProof) {
  await apiRequest<{ ok: true }>("/auth/recover", { json: { email, options: { redirectTo }, [PROOF_FIELD]: proof } });
}

type Verified = ({ session: SessionInfo } | TwoFactorRequired) & { type: VerifyType };

/** Exchanges the token of an emailed link for a session (or the two-factor challenge). */
export async function verifyTokenHash(type: LinkVerifyType, tokenHash: string) {
  return firstStep(await apiRequest<Verified>("/auth/verify", { json: { type, token_hash: tokenHash } }));
}

/** Checks a 6-digit code sent by sendOtp. */
export async function verifyOtp(email: string, token: string) {
  return firstStep(await apiRequest<Verified>("/auth/verify", { json: { type: "email", email, token } }));
}

export async function refreshSession() {
  const { session } = await apiRequest<{ session: SessionInfo }>("/auth/refresh");
  return session;
}

/** Sets a new password for the signed-in user. */
export async function updatePassword(password: string) {
  const { session } = await apiRequest<{ session: SessionInfo }>("/auth/user", { method: "PUT", json: { password } });
  return session;
}

export async function signOutRequest() {
  await apiRequest<{ ok: true }>("/auth/logout");
}

/** docs/product.md#accounts: refresh retries wait 200 ms × 2^attempt, and give up after 30 s. */
export const REFRESH_RETRY_BASE_MS = 200;
export const REFRESH_RETRY_WINDOW_MS = 30_000;
const RETRYABLE_STATUSES = new Set([0, 502, 503, 504]);

/** A network failure (status 0) or a gateway error is worth another try; anything else is an answer. */
export const isRetryableRefreshError = (error: unknown) => error instanceof ApiRequestError && RETRYABLE_STATUSES.has(error.status);

type RetryDeps = { refresh?: () => Promise<SessionInfo>; sleep?: (ms: number) => Promise<void>; now?: () => number };

/**
 * Refreshes the session, retrying network and gateway errors with back-off inside the 30 s window.
 * Resolves to the new session, or null when the server says the session is gone (401). Other
 * failures reject: the session may still be good and the next tick tries again.
 */
export async function refreshWithRetry({
  refresh = refreshSession,
  sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  now = Date.now,
}: RetryDeps = {}): Promise<SessionInfo | null> {
  const startedAt = now();
  for (let attempt = 0; ; attempt++) {
    try {
      return await refresh();
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 401) return null;
      const delay = REFRESH_RETRY_BASE_MS * 2 ** attempt;
      if (!isRetryableRefreshError(error) || now() - startedAt + delay > REFRESH_RETRY_WINDOW_MS) throw error;
      await sleep(delay);
    }
  }
}
