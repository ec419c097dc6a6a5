import { useState } from "react";
import { ApiRequestError, apiRequest, errorMessage } from "~/lib/api";
import { notify } from "~/lib/toast";
import { fieldErrors, type FieldErrors } from "@core/schemas/common";
import { FORM_SCHEMAS, type FormKind } from "@core/schemas/forms";

type Options = {
  successTitle: string;
  successDescription: string;
  /** Runs after a successful send, once the form has been reset (e.g. to close a dialog). */
  onSuccess?: () => void;
};

/**
 * Submits one of the public forms: validates with the same schema the server uses, posts it to
 * /api/forms/{kind}, then toasts and resets on success, or toasts and keeps what was typed on failure.
 */
export function useApiForm(kind: FormKind, { successTitle, successDescription, onSuccess }: Options) {
  const [errors, setErrors] = useState<FieldErrors>({});
  /** A failure that belongs to no field (network, rate limit, server), for forms shown where a toast may be hidden. */
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  function showErrors(form: HTMLFormElement, nextErrors: FieldErrors, message: string) {
    setErrors(nextErrors);
    notify("error", "Please check the form", message);
    const firstInvalid = Object.keys(nextErrors)[0];
    const input = firstInvalid ? form.elements.namedItem(firstInvalid) : null;
    if (input instanceof HTMLElement) input.focus();
  }

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const form = event.currentTarget;
    const values = Object.fromEntries(new FormData(form));
    const parsed = FORM_SCHEMAS[kind].safeParse(values);
    if (!parsed.success) {
      const nextErrors = fieldErrors(parsed.error);
      showErrors(form, nextErrors, Object.values(nextErrors)[0] ?? "Please check the form.");
      return;
    }
    setPending(true);
    setFormError(null);
    try {
      await apiRequest(`/forms/${kind}`, { json: values });
      setErrors({});
      form.reset();
      notify("success", successTitle, successDescription);
      onSuccess?.();
    } catch (error) {
      if (error instanceof ApiRequestError && Object.keys(error.fields).length > 0) {
        showErrors(form, error.fields, error.message);
      } else {
        setFormError(errorMessage(error));
        notify("error", "Could not send", errorMessage(error));
      }
    } finally {
      setPending(false);
    }
  }

  return { onSubmit, errors, formError, pending };
}
