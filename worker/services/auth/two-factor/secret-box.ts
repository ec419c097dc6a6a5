// The server-side keys of two-factor sign-in, each derived by HKDF from AUTH_SECRET with an info string naming its
// one purpose (docs/decisions/0015-two-factor.md): AES-GCM for the TOTP secrets at rest, and an HMAC pepper for the
// backup codes. Rotating AUTH_SECRET makes both unreadable: every account then sets two-factor up again.
import { authSecret } from "../sessions";

const SECRET_KEY_INFO = "parley two-factor: TOTP secret encryption v1";
const BACKUP_PEPPER_INFO = "parley two-factor: backup code pepper v1";
const IV_BYTES = 12;

type Purpose = { info: string; algorithm: AesKeyGenParams | HmacImportParams; usages: KeyUsage[] };

const derived = new Map<string, Promise<CryptoKey>>();

async function deriveKey(secret: string, { info, algorithm, usages }: Purpose) {
  const base = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), "HKDF", false, ["deriveKey"]);
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(32), info: new TextEncoder().encode(info) },
    base,
    algorithm,
    false,
    usages,
  );
}

/** One derived key per secret and purpose, per isolate. */
function keyFor(env: Pick<Env, "AUTH_SECRET">, purpose: Purpose) {
  const secret = authSecret(env);
  const id = `${purpose.info}\n${secret}`;
  let key = derived.get(id);
  if (!key) {
    key = deriveKey(secret, purpose);
    derived.set(id, key);
  }
  return key;
}

const SECRET_KEY: Purpose = { info: SECRET_KEY_INFO, algorithm: { name: "AES-GCM", length: 256 }, usages: ["encrypt", "decrypt"] };
const BACKUP_PEPPER: Purpose = { info: BACKUP_PEPPER_INFO, algorithm: { name: "HMAC", hash: "SHA-256" }, usages: ["sign"] };

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

/**
 * Encrypts an account's TOTP secret; the account id is the associated data, so a ciphertext copied onto another
 * account does not decrypt. Stored as base64(iv ‖ ciphertext).
 */
export async function sealSecret(env: Pick<Env, "AUTH_SECRET">, userId: string, plaintext: string) {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: new TextEncoder().encode(userId) },
    await keyFor(env, SECRET_KEY),
    new TextEncoder().encode(plaintext),
  );
  const out = new Uint8Array(IV_BYTES + sealed.byteLength);
  out.set(iv);
  out.set(new Uint8Array(sealed), IV_BYTES);
  return toBase64(out);
}

export async function openSecret(env: Pick<Env, "AUTH_SECRET">, userId: string, stored: string) {
  const bytes = fromBase64(stored);
  const plain = await crypto.subtle.decrypt(
    { name: "AES-GCM", iv: bytes.slice(0, IV_BYTES), additionalData: new TextEncoder().encode(userId) },
    await keyFor(env, SECRET_KEY),
    bytes.slice(IV_BYTES),
  );
  return new TextDecoder().decode(plain);
}

/** A backup code's stored form: HMAC-SHA-256 under the pepper, of the account and the code. */
export async function backupCodeHash(env: Pick<Env, "AUTH_SECRET">, userId: string, code: string) {
  const mac = await crypto.subtle.sign("HMAC", await keyFor(env, BACKUP_PEPPER), new TextEncoder().encode(`${userId}:${code}`));
  return [...new Uint8Array(mac)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}
