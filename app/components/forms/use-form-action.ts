import { useEffect, useRef, useState } from "react";
import { useActionData, useFetcher } from "react-router";
import type * as z from "zod/mini";
import { type FieldErrors, type FormResult, fieldErrors } from "@core/schemas/form-result";
import { notify } from "~/lib/toast";

type Message = { title: string; description: string };

type Options<T> = {
  /** Names this form to its action (the hidden `intent` field). */
  intent: string;
  /**
   * The shared schema the action validates with (core/schemas), checked here first for instant messages. Left out
   * by forms in a page whose first JavaScript must stay small (zod is large): there the action alone checks.
   */
  schema?: z.ZodMiniType;
  /** The route whose action handles the form; the current page when left out. */
  action?: string;
  /** The success toast's words, and the inline notice's without JavaScript. */
  success?: Message | ((data: T) => Message);
  /** False for a form that says every answer itself (onSuccess, onFailure, errors): then no toast is shown. */
  toasts?: boolean;
  /** Runs after a successful send with JavaScript on, once the form has been reset (e.g. to close a dialog). */
  onSuccess?: (data: T) => void;
  /** Runs when the browser's check or the action refused the form, with JavaScript on; `message` is the first one. */
  onFailure?: (message: string, errors: FieldErrors) => void;
  resetOnSuccess?: boolean;
};

/** What the page shows inline when the answer arrived as a new page (JavaScript off): the toast's words. */
export type FormNotice = { kind: "success" | "error"; title: string; description: string };

const CHECK_THE_FORM = "Please check the form";
const COULD_NOT_SEND = "Could not send";

function focusFirstInvalid(form: HTMLFormElement | null, errors: FieldErrors) {
  const first = Object.keys(errors)[0];
  const input = first && form ? form.elements.namedItem(first) : null;
  if (input instanceof HTMLElement) input.focus();
}

function failureMessage(result: Extract<FormResult, { ok: false }>): Message {
  const hasFields = Object.keys(result.error.fields ?? {}).length > 0;
  return { title: hasFields ? CHECK_THE_FORM : COULD_NOT_SEND, description: result.error.message };
}

/**
 * One form, two doors (docs/decisions: forms without JavaScript). With JavaScript on, a fetcher posts to the
 * route's action and the answer becomes a toast, as the spec's texts ask. With JavaScript off the browser posts the
 * same form to the same action, and the page comes back with the answer inline and what was typed still in place.
 */
export function useFormAction<T = unknown>({
  intent,
  schema,
  action,
  success,
  toasts = true,
  onSuccess,
  onFailure,
  resetOnSuccess = true,
}: Options<T>) {
  const fetcher = useFetcher<FormResult<T>>();
  // A form shown again (a dialog reopened) may find its last answer still in the router: that one is not news.
  const [dataAtMount] = useState(() => fetcher.data);
  const pageResult = useActionData() as FormResult<T> | undefined;
  const formRef = useRef<HTMLFormElement>(null);
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const handled = useRef<FormResult<T> | undefined>(undefined);

  const fetched = fetcher.data !== dataAtMount && fetcher.data?.intent === intent ? fetcher.data : undefined;
  const rendered = pageResult?.intent === intent ? pageResult : undefined;
  const result = fetched ?? rendered;
  const successMessage = (data: T) => (typeof success === "function" ? success(data) : success);

  useEffect(() => {
    if (!fetched || fetcher.state !== "idle" || handled.current === fetched) return;
    handled.current = fetched;
    if (fetched.ok) {
      const message = successMessage(fetched.data);
      if (resetOnSuccess) formRef.current?.reset();
      if (toasts && message) notify("success", message.title, message.description);
      onSuccess?.(fetched.data);
    } else {
      const message = failureMessage(fetched);
      if (toasts) notify("error", message.title, message.description);
      focusFirstInvalid(formRef.current, fetched.error.fields ?? {});
      onFailure?.(fetched.error.message, fetched.error.fields ?? {});
    }
  });

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    if (!schema) return;
    const parsed = schema.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
    if (parsed.success) {
      setClientErrors(null);
      return;
    }
    // Stops the fetcher too: React Router's Form leaves a submission whose default was prevented alone.
    event.preventDefault();
    const errors = fieldErrors(parsed.error);
    const first = Object.values(errors)[0] ?? CHECK_THE_FORM;
    setClientErrors(errors);
    if (toasts) notify("error", CHECK_THE_FORM, first);
    focusFirstInvalid(event.currentTarget, errors);
    onFailure?.(first, errors);
  }

  const serverErrors = result && !result.ok ? (result.error.fields ?? {}) : {};

  function noticeOf(answer: FormResult<T> | undefined): FormNotice | null {
    if (!answer) return null;
    if (!answer.ok) return { kind: "error", ...failureMessage(answer) };
    const message = successMessage(answer.data);
    return message ? { kind: "success", ...message } : null;
  }

  return {
    Form: fetcher.Form,
    formProps: { ref: formRef, method: "post" as const, action, noValidate: true, onSubmit },
    intent,
    errors: clientErrors ?? serverErrors,
    /** The failure that belongs to no field, for forms shown where a toast may be hidden. */
    formError: result && !result.ok && !result.error.fields ? result.error.message : null,
    pending: fetcher.state !== "idle",
    /** What was typed before a JavaScript-off round trip; use as the fields' defaultValue. */
    values: rendered && !rendered.ok ? rendered.values : {},
    result,
    notice: fetched ? null : noticeOf(rendered),
  };
}
