// What a page action answers a form with, read by the form on both sides: with JavaScript on through a fetcher
// (then a toast), with JavaScript off as the page's action data (then an inline message). Kept free of zod at run
// time: a page that only shows answers (or lets its action alone validate) keeps zod out of its first JavaScript.
import type * as z from "zod/mini";

export type FieldErrors = Record<string, string>;

/** The first message for each field, keyed by the field's name: what a form shows beside its inputs. */
export function fieldErrors(error: z.core.$ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return errors;
}

export type FormFailure = {
  ok: false;
  /** Which form on the page this answers (a hidden `intent` field); lets one action serve several forms. */
  intent: string;
  error: { code: string; message: string; fields?: FieldErrors };
  /** What was typed, so nothing is lost when the page is rendered again without JavaScript. Never a secret. */
  values: Record<string, string>;
};

export type FormSuccess<T = unknown> = { ok: true; intent: string; data: T };

export type FormResult<T = unknown> = FormSuccess<T> | FormFailure;

/** The hidden field that names a form to its action. */
export const INTENT_FIELD = "intent";
