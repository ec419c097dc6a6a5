// The glossary page's server half (docs/product.md#translator): the pair's terms for the table, and the forms that add,
// remove and import terms. Every form posts here, with JavaScript (a fetcher) or without. The pair comes from the
// query string: language codes only, never user text.
import type { RouterContextProvider } from "react-router";
import * as z from "zod/mini";
import { GLOSSARY_INTENTS, glossaryTermSchema } from "@core/schemas/glossary";
import { INTENT_FIELD } from "@core/schemas/form-result";
import { ApiError } from "@worker/lib/errors";
import { enforceRateLimit } from "@worker/lib/rate-limit";
import { RATE_LIMITS } from "@worker/lib/rate-limit-rules";
import { InvalidInput, NotFound } from "@worker/services/errors";
import { glossaryCsv, parseGlossaryCsv } from "@worker/services/translation/glossary/csv";
import {
  addGlossaryTerm,
  checkGlossaryPair,
  importGlossary,
  listGlossary,
  removeGlossaryTerm,
  type GlossaryPair,
} from "@worker/services/translation/glossary/store";
import { actionServices, formFailure, runFormAction } from "~/lib/form-action.server";
import { requireUser } from "~/lib/permissions.server";
import { sessionHeaders } from "~/lib/session.server";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

const removeSchema = z.object({ id: z.string().check(z.minLength(1)) });
const CSV_MISSING = "Choose a CSV file to import.";

export const DEFAULT_PAIR: GlossaryPair = { source: "en", target: "es" };

/** The pair the page shows: the query's, when it is a valid one, else English → Spanish (with the reason). */
function pairOf(url: URL): { pair: GlossaryPair; error: string | null } {
  const source = url.searchParams.get("source");
  const target = url.searchParams.get("target");
  if (!source && !target) return { pair: DEFAULT_PAIR, error: null };
  try {
    return { pair: checkGlossaryPair(source, target), error: null };
  } catch (error) {
    return { pair: DEFAULT_PAIR, error: error instanceof Error ? error.message : "Choose two languages." };
  }
}

export async function glossaryLoader({ request, context }: Args) {
  const url = new URL(request.url);
  const resolved = await requireUser({ request, context, url });
  const { pair, error } = pairOf(url);
  const terms = await listGlossary(actionServices(context).db, resolved.session.user.id, pair);
  return { pair, pairError: error, terms, headers: sessionHeaders(resolved) };
}

/** The posted text fields, and the imported file's text (files are read only for the import form). */
async function readPost(request: Request) {
  const form = await request.formData();
  const fields: Record<string, string> = {};
  let file: File | null = null;
  for (const [name, value] of form) {
    if (typeof value === "string") fields[name] ??= value;
    else if (name === "file") file = value;
  }
  return { fields, file };
}

export async function glossaryAction({ request, context }: Args) {
  const resolved = await requireUser({ request, context, url: new URL(request.url) });
  const userId = resolved.session.user.id;
  const headers = sessionHeaders(resolved);
  const { db } = actionServices(context);
  const { fields, file } = await readPost(request);
  const intent = fields[INTENT_FIELD] ?? "";
  let pair: GlossaryPair;
  try {
    await enforceRateLimit(db, RATE_LIMITS.translatorControls, userId);
    pair = checkGlossaryPair(fields.source, fields.target);
  } catch (error) {
    return formFailure(intent, fields, error, { headers });
  }
  switch (intent) {
    case GLOSSARY_INTENTS.add:
      return runFormAction(intent, fields, glossaryTermSchema, (input) => addGlossaryTerm(db, userId, pair, input), { headers });
    case GLOSSARY_INTENTS.remove:
      return runFormAction(
        intent,
        fields,
        removeSchema,
        async ({ id }) => {
          await removeGlossaryTerm(db, userId, id);
          return { id };
        },
        { headers },
      );
    case GLOSSARY_INTENTS.import:
      return runFormAction(
        intent,
        fields,
        z.object({}),
        async () => {
          if (!file || file.size === 0) throw new InvalidInput("glossary_csv_missing", CSV_MISSING, { file: CSV_MISSING });
          return importGlossary(db, userId, pair, parseGlossaryCsv(await file.text()));
        },
        { headers },
      );
    default:
      return formFailure(intent, fields, new NotFound("There is no such form."), { headers });
  }
}

/** The export's answer: the pair's terms as a CSV download (Cache-Control: no-store, it is the user's own data). */
export async function glossaryExport({ request, context }: Args) {
  const url = new URL(request.url);
  const resolved = await requireUser({ request, context, url });
  let pair: GlossaryPair;
  try {
    pair = checkGlossaryPair(url.searchParams.get("source"), url.searchParams.get("target"));
  } catch (error) {
    const message = error instanceof Error ? error.message : "Choose two languages.";
    throw new ApiError(400, "invalid_input", message).toResponse();
  }
  const terms = await listGlossary(actionServices(context).db, resolved.session.user.id, pair);
  const headers = sessionHeaders(resolved);
  headers.set("content-type", "text/csv; charset=utf-8");
  headers.set("content-disposition", `attachment; filename="glossary-${pair.source}-${pair.target}.csv"`);
  headers.set("cache-control", "no-store");
  return new Response(glossaryCsv(terms), { headers });
}
