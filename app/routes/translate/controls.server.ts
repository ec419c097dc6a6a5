// The translator page's history controls (docs/product.md#translator): search, star, clear all and saving on or off.
// Every one is a form that posts to the page's action, with JavaScript (through a fetcher) or without; the search
// query travels in the POST body, never in the URL (docs/decisions/0020-translator-controls.md).
import type { RouterContextProvider } from "react-router";
import * as z from "zod/mini";
import { HISTORY_INTENTS, historySearchSchema, onOffField, saveHistorySchema } from "@core/schemas/translation-history";
import type { Database } from "@worker/db/client";
import { translationRouter } from "@worker/services/translation";
import {
  clearHistory,
  listFavourites,
  readHistorySettings,
  searchHistory,
  setFavourite,
  setSaveHistory,
} from "@worker/services/translation/history-controls";
import { enforceRateLimit } from "@worker/lib/rate-limit";
import { RATE_LIMITS } from "@worker/lib/rate-limit-rules";
import { actionServices, guardFormAction, readFormFields, runFormAction } from "~/lib/form-action.server";
import { requireUser } from "~/lib/permissions.server";
import { sessionHeaders } from "~/lib/session.server";

type Args = { request: Request; context: Readonly<RouterContextProvider> };
type Fields = Record<string, string>;

const HISTORY_INTENT_NAMES = new Set<string>(Object.values(HISTORY_INTENTS));

export function isHistoryIntent(intent: string | undefined): boolean {
  return intent !== undefined && HISTORY_INTENT_NAMES.has(intent);
}

/** What the screen's history controls start from: the saving setting and the starred entries. */
export async function translatorControls(db: Database, userId: string) {
  const [settings, favourites] = await Promise.all([readHistorySettings(db, userId), listFavourites(db, userId)]);
  return { ...settings, favourites };
}
export type TranslatorControls = Awaited<ReturnType<typeof translatorControls>>;

const favouriteFormSchema = z.object({ id: z.string().check(z.minLength(1)), favourite: z.boolean() });

/** The saving setting's form, also posted from the account page. */
export function saveHistoryForm(db: Database, userId: string, fields: Fields, headers: Headers) {
  return runFormAction(HISTORY_INTENTS.saveHistory, fields, saveHistorySchema, ({ saveHistory }) => setSaveHistory(db, userId, saveHistory), {
    headers,
    input: { saveHistory: onOffField(fields.saveHistory) },
  });
}

/** Runs the history form the post names, for the signed-in user only. */
export async function historyFormAction({ request, context }: Args) {
  const resolved = await requireUser({ request, context, url: new URL(request.url) });
  const userId = resolved.session.user.id;
  const headers = sessionHeaders(resolved);
  const { db } = actionServices(context);
  const fields = await readFormFields(request);
  const limited = await guardFormAction(fields.intent ?? "", fields, () => enforceRateLimit(db, RATE_LIMITS.translatorControls, userId), { headers });
  if (limited) return limited;
  switch (fields.intent) {
    case HISTORY_INTENTS.search:
      return runFormAction(
        HISTORY_INTENTS.search,
        fields,
        historySearchSchema,
        async ({ query }) => ({ query, results: await searchHistory(db, userId, query) }),
        {
          headers,
        },
      );
    case HISTORY_INTENTS.favourite:
      return runFormAction(
        HISTORY_INTENTS.favourite,
        fields,
        favouriteFormSchema,
        async ({ id, favourite }) => {
          await setFavourite(db, userId, id, favourite);
          return { id, favourite };
        },
        { headers, input: { id: fields.id ?? "", favourite: onOffField(fields.favourite) } },
      );
    case HISTORY_INTENTS.clear:
      return runFormAction(HISTORY_INTENTS.clear, fields, z.object({}), async () => ({ cleared: await clearHistory(db, userId) }), { headers });
    default:
      return saveHistoryForm(db, userId, fields, headers);
  }
}

/** What the configured engines can do beyond translating, for the screen to offer only what works. */
export function translatorFeatures(context: Readonly<RouterContextProvider>) {
  const engines = translationRouter(actionServices(context).env).engines;
  return { formality: engines.some((engine) => engine.honoursFormality), alternatives: engines.some((engine) => engine.alternatives) };
}
