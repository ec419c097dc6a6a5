// RFC 6238 TOTP as authenticator apps speak it: SHA-1, 6 digits, 30-second steps, one step of drift either way
// (docs/decisions/0015-two-factor.md). otpauth computes the HMAC in plain JavaScript, so it runs in workerd as is.
import { Secret, TOTP } from "otpauth";
import { site } from "@core/site";

export const TOTP_PERIOD_SECONDS = 30;
const DIGITS = 6;
const ALGORITHM = "SHA1";
/** 160 bits, the size RFC 4226 recommends for an HMAC-SHA-1 key. */
const SECRET_BYTES = 20;

/** A new random secret, in base32 (what the QR code and the text carry). */
export function newTotpSecret() {
  return new Secret({ size: SECRET_BYTES }).base32;
}

function totpOf(base32: string, label = "") {
  return new TOTP({ issuer: site.name, label, algorithm: ALGORITHM, digits: DIGITS, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(base32) });
}

/** The otpauth:// URI an authenticator app reads from the QR code. */
export function totpUri(base32: string, email: string) {
  return totpOf(base32, email).toString();
}

export const stepAt = (now: number) => Math.floor(now / 1000 / TOTP_PERIOD_SECONDS);

/** The step the code belongs to (now, or one step either side), or null when it is no code of this secret. */
export function matchingStep(base32: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(base32).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : stepAt(now) + delta;
}
