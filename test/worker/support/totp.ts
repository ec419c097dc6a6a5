// RFC 6238 TOTP computed independently of the app (Web Crypto HMAC-SHA-1), for the two-factor tests, and the
// two-factor setup of a signed-in test account through the API.
import { expect } from "vitest";
import { sendWithCookies, type signedInAccount } from "./auth";

export const STEP_MS = 30_000;

export function base32Bytes(base32: string) {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const char of base32.replace(/=+$/, "")) bits += alphabet.indexOf(char).toString(2).padStart(5, "0");
  const bytes = new Uint8Array(Math.floor(bits.length / 8));
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(bits.slice(i * 8, i * 8 + 8), 2);
  return bytes;
}

/** RFC 6238 with HMAC-SHA-1, 30-second steps: the `digits`-digit code of `base32` at `time` (ms). */
export async function totp(base32: string, time: number, digits = 6) {
  const counter = new DataView(new ArrayBuffer(8));
  counter.setBigUint64(0, BigInt(Math.floor(time / STEP_MS)));
  const key = await crypto.subtle.importKey("raw", base32Bytes(base32), { name: "HMAC", hash: "SHA-1" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, counter.buffer));
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(binary % 10 ** digits).padStart(digits, "0");
}

/** Starts and confirms two-factor sign-in with the code of the current step: the secret and the backup codes. */
export async function enableTwoFactor(account: Awaited<ReturnType<typeof signedInAccount>>) {
  const setup = (await (await sendWithCookies("POST", "/api/auth/two-factor/setup", account.cookies)).json()) as { secret: string; uri: string };
  const enabled = await sendWithCookies("POST", "/api/auth/two-factor/enable", account.cookies, { code: await totp(setup.secret, Date.now()) });
  expect(enabled.status).toBe(200);
  const { backupCodes } = (await enabled.json()) as { backupCodes: string[] };
  return { ...setup, backupCodes };
}

/** A code the server has not seen yet: the next step's (it accepts one step of drift). */
export const freshCode = (secret: string) => totp(secret, Date.now() + STEP_MS);
