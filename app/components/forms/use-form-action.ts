import { useEffect, useRef, useState } from "react";
import { useActionData, useFetcher } from "react-router";
import type * as z from "zod/mini";
import { type FieldErrors, type FormFailure, type FormResult, fieldErrors } from "@core/schemas/form-result";
import { ApiRequestError, errorMessage } from "~/lib/api";
import { notify } from "~/lib/toast";
import type { SchemaLoader } from "./form-schemas";
import { CHECKS_FIRST_ATTRIBUTE, holdForProof } from "./proof-gate";

type Message = { title: string; description: string };

/**
 * Where an answer shows with JavaScript on: a toast (the default); `inline`, in the form's notice (the sign-in
 * screen's red and green boxes, docs/product.md#accounts); or `form`, said by the form itself through onSuccess,
 * onFailure and the field errors.
 */
type AnswerPlace = "toast" | "inline" | "form";

type Options<T, S extends z.ZodMiniType> = {
  /** Names this form to its action (the hidden `intent` field). */
  intent: string;
  /**
   * The shared schema the action validates with (core/schemas), checked here first for instant messages. Left out
   * by forms in a page whose first JavaScript must stay small (zod is large): there the action alone checks. A
   * loader of it (`formSchemaLoader`) loads it in a task of its own, so that building it does not block the page's
   * load; a submit before it has arrived is sent again once it is here.
   */
  schema?: S | SchemaLoader<S>;
  /** The route whose action handles the form; the current page (with its query) when left out. */
  action?: string;
  /** The success words: the toast's, the inline notice's, and the page's without JavaScript. */
  success?: Message | ((data: T) => Message);
  answers?: AnswerPlace;
  /** Runs after a successful send with JavaScript on, once the form has been reset (e.g. to close a dialog). */
  onSuccess?: (data: T) => void;
  /** Runs when the browser's check or the action refused the form, with JavaScript on; `message` is the first one. */
  onFailure?: (message: string, errors: FieldErrors) => void;
  resetOnSuccess?: boolean;
  /**
   * With JavaScript on, sends the checked input this way instead of posting the form to the action: for a screen
   * whose JavaScript door is the JSON API (the sign-in screen, whose answers set cookies and sessions in other tabs).
   * Without JavaScript the form still posts to the action. An ApiRequestError becomes the form's failure.
   * `fields` are the form's raw text fields, for what the schema leaves out (the human check's proof).
   */
  send?: (input: z.output<S>, fields: Record<string, string>) => Promise<T>;
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

function failureMessage(result: FormFailure): Message {
  const hasFields = Object.keys(result.error.fields ?? {}).length > 0;
  return { title: hasFields ? CHECK_THE_FORM : COULD_NOT_SEND, description: result.error.message };
}

/** A `send` that failed, as the action would have answered it (nothing typed is needed back: the inputs still hold it). */
function sendFailure(intent: string, error: unknown): FormFailure {
  const api = error instanceof ApiRequestError ? error : null;
  const fields = api && Object.keys(api.fields).length > 0 ? api.fields : undefined;
  return { ok: false, intent, error: { code: api?.code ?? "client_error", message: errorMessage(error), ...(fields ? { fields } : {}) }, values: {} };
}

/** Runs the `send` option: one request at a time, its answer kept as the form's result. */
function useSend<T>(intent: string) {
  const [sent, setSent] = useState<FormResult<T> | undefined>(undefined);
  const [sending, setSending] = useState(false);
  async function run(send: () => Promise<T>) {
    if (sending) return;
    setSending(true);
    // The previous answer belongs to the previous attempt.
    setSent(undefined);
    try {
      setSent({ ok: true, intent, data: await send() });
    } catch (error) {
      setSent(sendFailure(intent, error));
    } finally {
      setSending(false);
    }
  }
  return { sent, sending, run };
}

/**
 * One form, two doors (docs/decisions/0012-forms-without-javascript.md). With JavaScript on, a fetcher posts to the
 * route's action (or `send` calls the API) and the answer becomes a toast with the product's texts
 * (docs/product.md#errors), or shows inline. With JavaScript off the browser posts the same form to the same
 * action, and the page comes back with the answer inline and what was typed still in place.
 */
export function useFormAction<T = unknown, S extends z.ZodMiniType = z.ZodMiniType>({
  intent,
  schema,
  action,
  success,
  answers = "toast",
  onSuccess,
  onFailure,
  resetOnSuccess = true,
  send,
}: Options<T, S>) {
  const fetcher = useFetcher<FormResult<T>>();
  // A form shown again (a dialog reopened) may find its last answer still in the router: that one is not news.
  const [dataAtMount] = useState(() => fetcher.data);
  const sender = useSend<T>(intent);
  const pageResult = useActionData() as FormResult<T> | undefined;
  const formRef = useRef<HTMLFormElement>(null);
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const handled = useRef<FormResult<T> | undefined>(undefined);
  const toasts = answers === "toast";

  // The answer that came without a new page: the fetcher's, or the `send` call's.
  const fetched = send ? sender.sent : fetcher.data !== dataAtMount && fetcher.data?.intent === intent ? fetcher.data : undefined;
  const settled = send ? !sender.sending : fetcher.state === "idle";
  const rendered = pageResult?.intent === intent ? pageResult : undefined;
  const result = fetched ?? rendered;
  const successMessage = (data: T) => (typeof success === "function" ? success(data) : success);

  useEffect(() => {
    if (!fetched || !settled || handled.current === fetched) return;
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
    const form = event.currentTarget;
    const active = "load" in schema ? schema.schema : schema;
    if (!active) {
      // Sent in the moment between hydrating and the schema's arrival: sent again once it is here.
      event.preventDefault();
      (schema as SchemaLoader<S>).resubmit(form);
      return;
    }
    const fields = Object.fromEntries(new FormData(form));
    const parsed = active.safeParse(fields);
    if (parsed.success) {
      setClientErrors(null);
      // A form with the human check sends once its proof is ready (docs/decisions/0018-bot-protection.md).
      if (holdForProof(event)) return;
      if (send) {
        event.preventDefault();
        const text = Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
        void sender.run(() => send(parsed.data as z.output<S>, text));
      }
      return;
    }
    // Stops the fetcher too: React Router's Form leaves a submission whose default was prevented alone.
    event.preventDefault();
    const errors = fieldErrors(parsed.error);
    setClientErrors(errors);
    const first = Object.values(errors)[0] ?? CHECK_THE_FORM;
    if (toasts) notify("error", CHECK_THE_FORM, first);
    focusFirstInvalid(form, errors);
    onFailure?.(first, errors);
  }

  function noticeOf(answer: FormResult<T> | undefined): FormNotice | null {
    if (!answer) return null;
    if (!answer.ok) return { kind: "error", ...failureMessage(answer) };
    const message = successMessage(answer.data);
    return message ? { kind: "success", ...message } : null;
  }

  const serverErrors = result && !result.ok ? (result.error.fields ?? {}) : {};
  return {
    Form: fetcher.Form,
    formProps: { ref: formRef, method: "post" as const, action, noValidate: true, onSubmit, ...(schema ? { [CHECKS_FIRST_ATTRIBUTE]: "" } : {}) },
    intent,
    errors: clientErrors ?? serverErrors,
    /** The failure that belongs to no field, for forms shown where a toast may be hidden. */
    formError: result && !result.ok && !result.error.fields ? result.error.message : null,
    pending: send ? sender.sending : fetcher.state !== "idle",
    /** What was typed before a JavaScript-off round trip; use as the fields' defaultValue. */
    values: rendered && !rendered.ok ? rendered.values : {},
    result,
    notice: answers === "inline" ? noticeOf(result) : fetched ? null : noticeOf(rendered),
  };
}
