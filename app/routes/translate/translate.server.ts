// The translator page's server half: its history for the first render, and the action a browser without
// JavaScript posts the form to (with JavaScript the screen calls POST /api/translate). Both translate the same
// way: the same schema, pair check, per-account rate limit, engines and history row.
import type { RouterContextProvider } from "react-router";
import { translateSchema, type TranslateResult } from "@core/schemas/translate";
import { enforceRateLimit } from "@worker/lib/rate-limit";
import { RATE_LIMITS } from "@worker/lib/rate-limit-rules";
import { checkPair, translate, translationRouter } from "@worker/services/translation";
import { listRecentTranslations, saveTranslation } from "@worker/services/translation/history";
import { userTranslationExtras } from "@worker/services/translation/user-extras";
import { actionServices, readFormFields, runFormAction } from "~/lib/form-action.server";
import { requireUser } from "~/lib/permissions.server";
import { getRequestSession, sessionHeaders } from "~/lib/session.server";
import { translatorControls } from "./controls.server";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** The signed-in user's recent translations (null for a visitor, who sees an invitation to sign in). */
export async function translatorHistory({ request, context }: Args) {
  const resolved = await getRequestSession(request, context);
  const user = resolved.session?.user;
  const db = actionServices(context).db;
  const [history, controls] = user ? await Promise.all([listRecentTranslations(db, user.id), translatorControls(db, user.id)]) : [null, null];
  return { history, controls, headers: sessionHeaders(resolved) };
}

/** The answer shown in the page: the translation, with the text it was made from. */
export type PageTranslation = TranslateResult & { text: string };

/** Translates the posted form for the signed-in user; a visitor is sent to sign in first, and comes back here. */
export async function translateAction({ request, context }: Args, intent: string) {
  const resolved = await requireUser({ request, context, url: new URL(request.url) });
  const userId = resolved.session.user.id;
  const fields = await readFormFields(request);
  const { db, env } = actionServices(context);
  return runFormAction(
    intent,
    fields,
    translateSchema,
    async (input): Promise<PageTranslation> => {
      // As in the API: the body's shape first, then the limit, then the pair and the engines.
      await enforceRateLimit(db, RATE_LIMITS.translate, userId);
      const { source, target } = checkPair(input.source, input.target);
      const result = await translate(translationRouter(env), { source, target, text: input.text, ...userTranslationExtras(db, userId, input) });
      await saveTranslation(db, userId, { source, target, text: input.text, result });
      return { ...result, text: input.text };
    },
    // A form posts every field as text: an empty formality is none, and the alternatives count is a number.
    {
      headers: sessionHeaders(resolved),
      input: { ...fields, formality: fields.formality || null, alternatives: fields.alternatives ? Number(fields.alternatives) : null },
    },
  );
}
