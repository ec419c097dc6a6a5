// The account page's API key forms (docs/decisions/0019-libretranslate-api.md): create a key (shown once, in this
// answer only) and revoke one, posted with JavaScript through a fetcher and without it as a page post.
import { API_KEY_INTENTS, type CreatedApiKey, createApiKeySchema, revokeApiKeySchema } from "@core/schemas/api-keys";
import type { Database } from "@worker/db/client";
import { enforceRateLimit } from "@worker/lib/rate-limit";
import { RATE_LIMITS } from "@worker/lib/rate-limit-rules";
import { createApiKey, revokeApiKey } from "@worker/services/api-keys/keys";
import { guardFormAction, runFormAction } from "~/lib/form-action.server";

type Signed = { userId: string; headers: Headers; services: { db: Database } };
type Fields = Record<string, string>;

export const isApiKeyIntent = (intent: string | undefined) => intent === API_KEY_INTENTS.create || intent === API_KEY_INTENTS.revoke;

/** Runs the key form the post names, for the signed-in user only (someone else's key is not found). */
export async function apiKeyFormAction(signed: Signed, fields: Fields) {
  const { db } = signed.services;
  const intent = fields.intent ?? "";
  const options = { headers: signed.headers };
  const refused = await guardFormAction(intent, fields, () => enforceRateLimit(db, RATE_LIMITS.apiKeyManage, signed.userId), options);
  if (refused) return refused;
  if (intent === API_KEY_INTENTS.create) {
    return runFormAction(intent, fields, createApiKeySchema, (input): Promise<CreatedApiKey> => createApiKey(db, signed.userId, input), options);
  }
  return runFormAction(intent, fields, revokeApiKeySchema, (input) => revokeApiKey(db, signed.userId, input.keyId), options);
}
