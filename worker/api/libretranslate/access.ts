// The API key check, as LibreTranslate runs it when keys are required (docs/decisions/0019-libretranslate-api.md):
// no key is a 400 saying where to get one, an unknown key a 403 "Invalid API key", a key over its limits a 429.
// A good key is charged in the same D1 statement that finds it (worker/services/api-keys/keys.ts).
import type { Context } from "hono";
import { chargeApiKey, type ApiKeyUse } from "../../services/api-keys/keys";
import type { AppEnv } from "../../types";
import { LtError } from "./errors";
import { ltParams } from "./params";

/** Where a person gets a key: the account page of this very server. */
export const getKeyMessage = (c: Context) => `Visit ${new URL(c.req.url).origin}/account#api-keys to get an API key`;

/** Checks the request's `api_key` and charges it one request and `chars` characters; answers whose key it is. */
export async function requireApiKey(c: Context<AppEnv>, chars: number): Promise<ApiKeyUse> {
  const key = (await ltParams(c)).get("api_key");
  if (typeof key !== "string" || !key.trim()) throw new LtError(400, getKeyMessage(c));
  const charged = await chargeApiKey(c.var.db, key.trim(), chars);
  if (!charged) throw new LtError(403, "Invalid API key");
  return charged;
}
