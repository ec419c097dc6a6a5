// What a page action answers a form with, read by the form on both sides: with JavaScript on through a fetcher
// (then a toast), with JavaScript off as the page's action data (then an inline message).
import type { FieldErrors } from "./common";

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
