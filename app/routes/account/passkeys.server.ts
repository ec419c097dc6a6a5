// The account page's passkey forms (docs/decisions/0016-passkeys.md): renaming and removing a passkey post here, with
// JavaScript through a fetcher and without it as a page post, with /api/auth/passkeys's limit, schema and service.
import { PASSKEY_INTENTS, type PasskeyRemoval, passkeyFormSchema, passkeyRenameSchema } from "@core/schemas/passkeys";
import { enforceRateLimit } from "@worker/lib/rate-limit";
import { RATE_LIMITS } from "@worker/lib/rate-limit-rules";
import { removePasskey, renamePasskey } from "@worker/services/auth/passkeys/store";
import type { Database } from "@worker/db/client";
import { guardFormAction, runFormAction } from "~/lib/form-action.server";
import * as z from "zod/mini";

type Signed = { userId: string; headers: Headers; services: { db: Database } };
type Fields = Record<string, string>;

const renameForm = z.extend(passkeyFormSchema, passkeyRenameSchema.shape);

export const isPasskeyIntent = (intent: string | undefined) => intent === PASSKEY_INTENTS.rename || intent === PASSKEY_INTENTS.remove;

/** Runs the passkey form the post names, for the signed-in user only (another user's passkey is not found). */
export async function passkeyFormAction(signed: Signed, fields: Fields) {
  const { db } = signed.services;
  const intent = fields.intent ?? "";
  const refused = await guardFormAction(intent, fields, () => enforceRateLimit(db, RATE_LIMITS.passkeyManage, signed.userId), {
    headers: signed.headers,
  });
  if (refused) return refused;
  if (intent === PASSKEY_INTENTS.rename) {
    return runFormAction(intent, fields, renameForm, (input) => renamePasskey(db, signed.userId, input.passkeyId, input.name), {
      headers: signed.headers,
    });
  }
  return runFormAction(intent, fields, passkeyFormSchema, (input): Promise<PasskeyRemoval> => removePasskey(db, signed.userId, input.passkeyId), {
    headers: signed.headers,
  });
}
