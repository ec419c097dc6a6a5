// Helpers for the /lt tests: a signed-up account with an API key, and requests as LibreTranslate clients send them
// (JSON, urlencoded or multipart, from another origin or none, never with cookies).
import { env, SELF } from "cloudflare:test";
import { database } from "@worker/db/client";
import { createApiKey } from "@worker/services/api-keys/keys";
import { signedInAccount } from "../support/auth";
import { ORIGIN } from "../support/requests";

export async function accountWithKey(limits: { requestsPerMinute?: number; charsPerDay?: number } = {}) {
  const { body } = await signedInAccount();
  const userId = body.session.user.id;
  const created = await createApiKey(database(env.DB), userId, {
    name: "test client",
    requestsPerMinute: limits.requestsPerMinute ?? 60,
    charsPerDay: limits.charsPerDay ?? 100_000,
  });
  return { userId, key: created.key, keyId: created.summary.id };
}

export function ltJson(path: string, body: unknown, headers: Record<string, string> = {}) {
  return SELF.fetch(`${ORIGIN}/lt${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: "https://client.example", ...headers },
    body: JSON.stringify(body),
  });
}

export function ltForm(path: string, fields: Record<string, string>) {
  return SELF.fetch(`${ORIGIN}/lt${path}`, { method: "POST", body: new URLSearchParams(fields) });
}

export function ltMultipart(path: string, fields: Record<string, string | File>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return SELF.fetch(`${ORIGIN}/lt${path}`, { method: "POST", body: form });
}

export async function answer<T = Record<string, unknown>>(response: Response) {
  return { status: response.status, body: (await response.json()) as T };
}
