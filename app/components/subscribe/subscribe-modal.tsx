import { CheckCircle2 } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Modal } from "~/components/ui/modal";
import { stayUpdated } from "~/content/subscribe";
import { site } from "@core/site";
import { SubscriptionFields, useSubscribeForm } from "./email-signup-form";
import { HumanCheck } from "~/components/forms/human-check";

/** docs/product.md#subscriptions: the success panel closes the dialog by itself after this long. */
export const SUBSCRIBE_MODAL_AUTO_CLOSE_MS = 2000;

type Props = { open: boolean; onClose: () => void };

/** "Stay Updated": email plus consent; opened from the footer and by exit intent on the landing page. */
export function SubscribeModal({ open, onClose }: Props) {
  const [email, setEmail] = useState("");
  const [consent, setConsent] = useState(false);
  const [succeeded, setSucceeded] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { Form, formProps, pending } = useSubscribeForm({
    resetOnSuccess: false,
    onSuccess: () => setSucceeded(true),
    onFailure: (message) => setError(message),
  });
  const consentId = useId();
  const errorId = useId();

  useEffect(() => {
    if (!succeeded) return;
    const timer = setTimeout(() => {
      onClose();
      setEmail("");
      setConsent(false);
      setSucceeded(false);
    }, SUBSCRIBE_MODAL_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [succeeded, onClose]);

  const ready = email.trim() !== "" && consent && !pending;

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    if (!ready) {
      event.preventDefault();
      return;
    }
    setError(null);
    formProps.onSubmit(event);
  }

  if (succeeded) {
    return (
      <Modal open={open} onClose={onClose} title={stayUpdated.successTitle} description={stayUpdated.successDescription}>
        <CheckCircle2 className="mx-auto mt-6 size-12 text-emerald-600" aria-hidden />
      </Modal>
    );
  }

  return (
    <Modal open={open} onClose={onClose} locked={pending} title={stayUpdated.title} description={stayUpdated.description}>
      <Form {...formProps} onSubmit={onSubmit}>
        <SubscriptionFields kept={{}} />
        <label className="label mt-5" htmlFor="subscribe-modal-email">
          Email
        </label>
        <input
          id="subscribe-modal-email"
          className="input"
          type="email"
          name="email"
          required
          autoComplete="email"
          placeholder={site.emailPlaceholder}
          value={email}
          disabled={pending}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setEmail(event.target.value)}
        />
        <div className="mt-4 flex items-start gap-3">
          <input
            id={consentId}
            type="checkbox"
            className="mt-0.5 size-4 shrink-0 accent-brand-600"
            checked={consent}
            disabled={pending}
            onChange={(event) => setConsent(event.target.checked)}
          />
          <label htmlFor={consentId} className="text-sm text-slate-700">
            I agree to receive product updates and marketing emails from {site.name}. Unsubscribe any time.
          </label>
        </div>
        {error && (
          <p id={errorId} className="field-error" role="alert">
            {error}
          </p>
        )}
        <HumanCheck className="mt-4 text-slate-600" />
        <button type="submit" className="btn-primary mt-4 w-full" disabled={!ready}>
          {pending ? "Subscribing…" : "Subscribe"}
        </button>
      </Form>
    </Modal>
  );
}
