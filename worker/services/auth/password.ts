// Password hashing.
//
// Why scrypt (N=2^14, r=8, p=5): it is memory-hard, so guessing on GPUs and ASICs costs far more than
// with PBKDF2, and workerd implements it natively (node:crypto), so a hash costs ~0.2 s of CPU instead of
// seconds in WebAssembly. These parameters are one of OWASP's equal-strength scrypt settings; they use
// 16 MiB per hash, which several concurrent sign-ins can afford within an isolate's 128 MB, where OWASP's
// N=2^17 variant (128 MiB) cannot. PBKDF2 through WebCrypto is capped at 100,000 iterations on deployed
// Workers, a sixth of OWASP's minimum for PBKDF2-SHA256; Argon2id would need WebAssembly and many times
// the CPU time. The parameters are stored with each hash so they can be raised later (see needsRehash).
import { scrypt, timingSafeEqual } from "node:crypto";
import { COMMON_PASSWORD_MESSAGE, PASSWORD_LENGTH_MESSAGE, PASSWORD_MAX, PASSWORD_MIN } from "@core/schemas/auth";
import { COMMON_PASSWORDS } from "./common-passwords";

const PARAMS = { N: 2 ** 14, r: 8, p: 5 } as const;
const KEY_BYTES = 32;
const SALT_BYTES = 16;

function derive(password: string, salt: Uint8Array, params: { N: number; r: number; p: number }) {
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, KEY_BYTES, { ...params, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

const toBase64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");
const fromBase64 = (text: string) => new Uint8Array(Buffer.from(text, "base64"));

/** Format: scrypt$N$r$p$salt$key (base64). */
export async function hashPassword(password: string) {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const key = await derive(password, salt, PARAMS);
  return ["scrypt", PARAMS.N, PARAMS.r, PARAMS.p, toBase64(salt), toBase64(key)].join("$");
}

export async function verifyPassword(password: string, stored: string) {
  const [scheme, N, r, p, salt, key] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !key) return false;
  const expected = fromBase64(key);
  const actual = await derive(password, fromBase64(salt), { N: Number(N), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export function needsRehash(stored: string) {
  const [, N, r, p] = stored.split("$");
  return Number(N) !== PARAMS.N || Number(r) !== PARAMS.r || Number(p) !== PARAMS.p;
}

let common: Set<string> | undefined;

/** A reason the password is not acceptable, or null. Length is checked by the shared schema too. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) return PASSWORD_LENGTH_MESSAGE;
  common ??= new Set(COMMON_PASSWORDS.split("\n"));
  if (common.has(password.toLowerCase())) return COMMON_PASSWORD_MESSAGE;
  return null;
}

/** Burns the same time as a real verification, so that unknown emails cannot be told apart by timing. */
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstNothing(password: string) {
  dummyHash ??= hashPassword("not a real password, only for timing");
  await verifyPassword(password, await dummyHash);
  return false;
}
