// The server half of every page form: read the posted fields, validate them with the form's shared schema, run
// the same service the JSON API runs, and answer a FormResult. Errors keep the API's codes, messages and statuses
// (worker/lib/errors.ts maps a service's DomainError in one table), so both doors say the same thing.
import { data, type RouterContextProvider } from "react-router";
import type * as z from "zod/mini";
import { fieldErrors } from "@core/schemas/common";
import { type FormFailure, type FormResult, INTENT_FIELD } from "@core/schemas/form-result";
import { database } from "@worker/db/client";
import { ApiError, DomainError, toApiError } from "@worker/lib/errors";
import { workerEnv } from "@worker/load-context";

/** Fields never echoed back into a re-rendered form (they would sit in the page's HTML); `altcha` is a used proof. */
const SECRET_FIELD = /password|code|token|altcha/i;

/** The posted text fields, as the JSON API would receive them (files and repeated names are not used by our forms). */
export async function readFormFields(request: Request): Promise<Record<string, string>> {
  const form = await request.formData();
  const fields: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string" && !(name in fields)) fields[name] = value;
  return fields;
}

function keptValues(fields: Record<string, string>) {
  return Object.fromEntries(Object.entries(fields).filter(([name]) => name !== INTENT_FIELD && !SECRET_FIELD.test(name)));
}

/** Headers an action adds to its answer, e.g. a refreshed session's cookies. */
type AnswerOptions = { headers?: Headers };

function withHeaders(own: HeadersInit | undefined, extra: Headers | undefined) {
  const headers = new Headers(own);
  for (const [name, value] of extra ?? []) headers.append(name, value);
  return headers;
}

/** A failure answer with the status the API would give; anything unexpected is logged (without the fields) and a 500. */
export function formFailure(intent: string, fields: Record<string, string>, error: unknown, { headers }: AnswerOptions = {}) {
  if (!(error instanceof ApiError || error instanceof DomainError)) {
    console.error("form action failed", intent, error);
    error = new ApiError(500, "internal_error", "Something went wrong on our side. Please try again.");
  }
  const answer = toApiError(error as ApiError | DomainError);
  const body: FormFailure = { ok: false, intent, error: answer.toBody().error, values: keptValues(fields) };
  return data<FormResult<never>>(body, { status: answer.status, headers: withHeaders(answer.headers, headers) });
}

type Handler<S extends z.ZodMiniType, T> = (input: z.output<S>, fields: Record<string, string>) => Promise<T>;

/**
 * Runs one form's action: `schema` is the same one the browser validated with and the JSON API validates with.
 * Invalid input is a 400 with one message per field, as from the API. A Response the handler throws (a redirect)
 * is the action's answer as it is.
 */
export async function runFormAction<S extends z.ZodMiniType, T>(
  intent: string,
  fields: Record<string, string>,
  schema: S,
  handle: Handler<S, T>,
  options: AnswerOptions & { /** What the schema checks, when the form's fields need translating first. */ input?: unknown } = {},
) {
  const parsed = schema.safeParse("input" in options ? options.input : fields);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    const message = Object.values(errors)[0] ?? "Please check the form.";
    return formFailure(intent, fields, new ApiError(400, "invalid_input", message, errors), options);
  }
  try {
    const result = await handle(parsed.data, fields);
    return data<FormResult<T>>({ ok: true, intent, data: result }, { headers: options.headers });
  } catch (error) {
    // A handler may end with `throw redirect(…)` (e.g. signed in: on to `next`, with the session's cookies).
    if (error instanceof Response) throw error;
    return formFailure(intent, fields, error, options);
  }
}

/** What an action needs from the Worker: its bindings and the database. */
export function actionServices(context: Readonly<RouterContextProvider>) {
  const env = workerEnv(context);
  return { env, db: database(env.DB) };
}

/** Runs `guard` (a rate limit, a permission) the way the API runs its middleware: first, answering its error as the form's. */
export async function guardFormAction(intent: string, fields: Record<string, string>, guard: () => Promise<unknown>, options: AnswerOptions = {}) {
  try {
    await guard();
    return null;
  } catch (error) {
    return formFailure(intent, fields, error, options);
  }
}
