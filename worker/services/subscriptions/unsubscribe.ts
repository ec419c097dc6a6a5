// Unsubscribing without signing in (docs/decisions/0022-studio-audience.md): every mail to a subscriber carries a
// link signed for that subscriber, and the List-Unsubscribe / List-Unsubscribe-Post headers of RFC 8058, so a mail
// client's one-click button posts to the same address.
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { subscriptions } from "../../db/schema";
import { authSecret } from "../auth/sessions";

/** The page a person opens from the mail (it confirms by POST) and the address a mail client posts to. */
export const UNSUBSCRIBE_PAGE_PATH = "/unsubscribe";
export const ONE_CLICK_PATH = "/api/subscriptions/unsubscribe";

const SIGNING_LABEL = "parley unsubscribe v1:";

const keys = new Map<string, Promise<CryptoKey>>();

function signingKey(env: Pick<Env, "AUTH_SECRET">) {
  const secret = authSecret(env);
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
    keys.set(secret, key);
  }
  return key;
}

const toBase64Url = (bytes: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  try {
    const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
    return Uint8Array.from(binary, (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
}

/** The subscriber's signature: an HMAC of their row's id under a key only the server holds. */
export async function unsubscribeSignature(env: Pick<Env, "AUTH_SECRET">, subscriptionId: string) {
  return toBase64Url(await crypto.subtle.sign("HMAC", await signingKey(env), new TextEncoder().encode(SIGNING_LABEL + subscriptionId)));
}

async function validSignature(env: Pick<Env, "AUTH_SECRET">, subscriptionId: string, signature: string) {
  const bytes = fromBase64Url(signature);
  if (!bytes || !subscriptionId) return false;
  // crypto.subtle.verify compares in constant time.
  return crypto.subtle.verify("HMAC", await signingKey(env), bytes, new TextEncoder().encode(SIGNING_LABEL + subscriptionId));
}

/** The query both unsubscribe addresses carry: the subscriber's id and its signature. */
async function unsubscribeQuery(env: Pick<Env, "AUTH_SECRET">, subscriptionId: string) {
  return new URLSearchParams({ s: subscriptionId, sig: await unsubscribeSignature(env, subscriptionId) }).toString();
}

/** The link in the mail's text, and the RFC 8058 headers, for one subscriber. */
export async function unsubscribeParts(env: Pick<Env, "AUTH_SECRET">, origin: string, subscriptionId: string) {
  const query = await unsubscribeQuery(env, subscriptionId);
  return {
    link: `${origin}${UNSUBSCRIBE_PAGE_PATH}?${query}`,
    headers: {
      "List-Unsubscribe": `<${origin}${ONE_CLICK_PATH}?${query}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

/**
 * Unsubscribes the signed subscriber: true when the signature checks out (already unsubscribed, or deleted since,
 * is still a success: the person wanted no more mail, and gets none). False for a forged or damaged link.
 */
export async function unsubscribe(db: Database, env: Pick<Env, "AUTH_SECRET">, subscriptionId: string, signature: string, now = Date.now()) {
  if (!(await validSignature(env, subscriptionId, signature))) return false;
  await db
    .update(subscriptions)
    .set({ status: "unsubscribed", unsubscribedAt: new Date(now), confirmTokenHash: null, confirmExpiresAt: null })
    .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.status, "confirmed")));
  return true;
}
