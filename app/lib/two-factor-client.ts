// The browser's side of /api/auth/two-factor: the sign-in screen's code step (the account page's forms post to the
// account page's action instead, with JavaScript on or off).
import { apiRequest } from "~/lib/api";
import type { TwoFactorVerified } from "@core/schemas/two-factor";

/** Completes the code step of signing in: the session (its cookies are set by the answer). */
export function verifyTwoFactor(challenge: string, code: string) {
  return apiRequest<TwoFactorVerified>("/auth/two-factor/verify", { json: { challenge, code } });
}
