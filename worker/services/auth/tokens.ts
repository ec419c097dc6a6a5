import { errors, jwtVerify, SignJWT } from "jose";

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** How long a refresh token (a session) lives without use. Here, beside the access token's, so that test fixtures
 * outside workerd can read it without the session module's bindings. */
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const ISSUER = "parley";
const AUDIENCE = "parley";

/** URL-safe random secret with `bytes` of entropy. */
export function randomToken(bytes = 32) {
  const buffer = crypto.getRandomValues(new Uint8Array(bytes));
  return btoa(String.fromCharCode(...buffer))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}

/** A uniformly random 6-digit code. */
export function randomCode() {
  const [value] = crypto.getRandomValues(new Uint32Array(1));
  if (value === undefined) throw new Error("crypto.getRandomValues filled no value");
  // Rejection sampling would be exact; the modulo bias of 2^32 mod 10^6 is below one in four thousand.
  return String(value % 1_000_000).padStart(6, "0");
}

export async function sha256Hex(text: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * `own`: whether the user was the owner when the token was signed. Only a hint, to start the owner's reads early:
 * every answer waits for D1's word on the session, owner flag included (docs/decisions/0028-the-d1-round-trip-budget.md).
 */
export type AccessClaims = { sub: string; email: string; sid: string; own?: boolean };

/** The HMAC key of each secret, imported once per isolate: every signed-in request verifies a token with it. */
const hmacKeys = new Map<string, Promise<CryptoKey>>();

function key(secret: string): Promise<CryptoKey> {
  let imported = hmacKeys.get(secret);
  if (!imported) {
    imported = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
    hmacKeys.set(secret, imported);
  }
  return imported;
}

export async function signAccessToken(claims: AccessClaims, secret: string, now = Date.now()) {
  const issuedAt = Math.floor(now / 1000);
  return new SignJWT({ email: claims.email, sid: claims.sid, own: claims.own === true })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
    .sign(await key(secret));
}

export type VerifiedAccess = Required<AccessClaims> & { exp: number };

/** Verifies signature (HS256 only: `alg: none` and other algorithms are refused), issuer, audience and expiry. */
export async function verifyAccessToken(token: string, secret: string): Promise<VerifiedAccess | null> {
  try {
    const { payload } = await jwtVerify(token, await key(secret), { algorithms: ["HS256"], issuer: ISSUER, audience: AUDIENCE });
    if (typeof payload.sub !== "string" || typeof payload.email !== "string" || typeof payload.sid !== "string" || typeof payload.exp !== "number") {
      return null;
    }
    return { sub: payload.sub, email: payload.email, sid: payload.sid, own: payload.own === true, exp: payload.exp };
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}
