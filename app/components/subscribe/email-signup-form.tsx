// The subscription forms: the inline signup, and what the Stay Updated dialog shares with it. One module, as the
// landing page's first JavaScript counts every file (docs/decisions/0001-route-discovery.md: its budget).
import { useEffect, useId, useState } from "react";
import { useLocation } from "react-router";
import { useFormAction } from "~/components/forms/use-form-action";
import { type FieldErrors, INTENT_FIELD } from "@core/schemas/form-result";
import { site } from "@core/site";
import { useSubscription } from "./subscription-context";
import { HumanCheck } from "~/components/forms/human-check";

/** Every subscription form posts here: its action subscribes, its page answers a browser without JavaScript. */
export const SUBSCRIBE_PATH = "/subscribe";
const SUBSCRIBE_INTENT = "subscribe";

type Options = { onSuccess: () => void; onFailure: (message: string, errors: FieldErrors) => void; resetOnSuccess?: boolean };

/**
 * A subscription form: the shared form action (useFormAction) aimed at /subscribe, with no toasts (each form says
 * its answer in place), remembering the subscription in this browser once it succeeded. The action alone checks
 * the address: the schema would bring zod into the landing page's first JavaScript, over its budget.
 */
export function useSubscribeForm({ onSuccess, onFailure, resetOnSuccess }: Options) {
  const { markSubscribed } = useSubscription();
  return useFormAction({
    intent: SUBSCRIBE_INTENT,
    action: SUBSCRIBE_PATH,
    answers: "form",
    resetOnSuccess,
    onSuccess: () => {
      markSubscribed();
      onSuccess();
    },
    onFailure,
  });
}

/**
 * The fields every subscription form sends besides the email: which form it is, and the page and campaign query it
 * was sent from (`kept` when the /subscribe page shows the form again after a failure).
 */
export function SubscriptionFields({ kept }: { kept: Record<string, string> }) {
  const location = useLocation();
  return (
    <>
      {/* IntentField's markup: its module also holds FormNotice, which the landing page's first JavaScript can do without. */}
      <input type="hidden" name={INTENT_FIELD} value={SUBSCRIBE_INTENT} />
      <input type="hidden" name="page" value={kept.page ?? location.pathname} />
      <input type="hidden" name="utm" value={kept.utm ?? location.search.replace(/^\?/, "")} />
    </>
  );
}

/** docs/product.md#subscriptions: a finished signup form returns to idle after this long. */
export const SIGNUP_STATUS_RESET_MS = 4000;

type Answer = { ok: boolean; text: string };

type Props = {
  /** Shown in the form's status line after a successful signup. */
  successMessage: string;
  /** Return to idle this long after finishing; off when undefined. */
  resetAfterMs?: number;
  /** Accessible name of the form. */
  label: string;
  tone?: "light" | "dark";
};

/**
 * An inline email signup (landing "Get in early", crowdfunding waitlist, the /subscribe page): one field, one
 * button, one status line. Without JavaScript it posts to /subscribe, whose page answers.
 */
export function EmailSignupForm({ successMessage, resetAfterMs, label, tone = "light" }: Props) {
  const { closeModal } = useSubscription();
  const { Form, formProps, errors, formError, pending, values } = useSubscribeForm({
    onSuccess: () => {
      setAnswer({ ok: true, text: successMessage });
      closeModal();
    },
    onFailure: (message) => setAnswer({ ok: false, text: message }),
  });
  // The /subscribe page shows the form again after a failure without JavaScript: that failure is the first answer.
  const [answer, setAnswer] = useState<Answer | null>(() => {
    const refused = errors.email ?? formError;
    return refused ? { ok: false, text: refused } : null;
  });
  const inputId = useId();
  const statusId = useId();

  useEffect(() => {
    if (resetAfterMs === undefined || !answer) return;
    const timer = setTimeout(() => setAnswer(null), resetAfterMs);
    return () => clearTimeout(timer);
  }, [answer, resetAfterMs]);

  const shown = pending ? null : answer;
  const dark = tone === "dark";
  const statusTone = !shown ? "" : shown.ok ? (dark ? "text-emerald-300" : "text-emerald-700") : dark ? "text-red-300" : "text-red-700";
  return (
    <Form {...formProps} aria-label={label} className="w-full">
      <SubscriptionFields kept={values} />
      <div className="flex flex-col gap-3 sm:flex-row">
        <label htmlFor={inputId} className="sr-only">
          Email
        </label>
        <input
          id={inputId}
          type="email"
          name="email"
          required
          autoComplete="email"
          placeholder={site.emailPlaceholder}
          className="input sm:flex-1"
          defaultValue={values.email}
          disabled={pending}
          aria-invalid={shown && !shown.ok ? true : undefined}
          aria-describedby={statusId}
        />
        <button type="submit" className="btn-primary shrink-0 sm:px-6" disabled={pending}>
          {pending ? "Subscribing…" : "Subscribe"}
        </button>
      </div>
      <HumanCheck className={`mt-2 ${dark ? "text-slate-300" : "text-slate-600"}`} />
      <p id={statusId} role="status" aria-live="polite" className={`mt-1 min-h-6 text-sm font-medium ${statusTone}`}>
        {shown?.text}
      </p>
    </Form>
  );
}
