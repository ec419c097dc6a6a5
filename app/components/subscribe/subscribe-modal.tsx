import { CheckCircle2 } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Modal } from "~/components/ui/modal";
import { site } from "@core/site";
import { errorMessage } from "~/lib/api";
import { useSubscription } from "./subscription-context";

/** docs/product.md#subscriptions: the success panel closes the dialog by itself after this long. */
export const SUBSCRIBE_MODAL_AUTO_CLOSE_MS = 2000;

type Props = { open: boolean; onClose: () => void };

/** "Stay Updated": email plus consent; opened from the footer and by exit intent on the landing page. */
export function SubscribeModal({ open, onClose }: Props) {
  const { subscribe } = useSubscription();
  const [email, setEmail] = useState("");
  const [consent, setConsent] = useState(false);
  const [status, setStatus] = useState<"idle" | "submitting" | "success">("idle");
  const [error, setError] = useState<string | null>(null);
  const consentId = useId();
  const errorId = useId();

  useEffect(() => {
    if (status !== "success") return;
    const timer = setTimeout(() => {
      onClose();
      setEmail("");
      setConsent(false);
      setStatus("idle");
    }, SUBSCRIBE_MODAL_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [status, onClose]);

  const submitting = status === "submitting";

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email.trim() || !consent || submitting) return;
    setStatus("submitting");
    setError(null);
    try {
      await subscribe(email);
      setStatus("success");
    } catch (failure) {
      setError(errorMessage(failure));
      setStatus("idle");
    }
  }

  if (status === "success") {
    return (
      <Modal open={open} onClose={onClose} title="Thanks for subscribing!" description="Check your inbox for product updates & launch invites.">
        <CheckCircle2 className="mx-auto mt-6 size-12 text-emerald-600" aria-hidden />
      </Modal>
    );
  }

  return (
    <Modal
      open={open}
      onClose={onClose}
      locked={submitting}
      title="Stay Updated"
      description={`Launch news, early-bird offers and the occasional product update from ${site.name}. No tracking pixels, ever.`}
    >
      <form method="post" onSubmit={onSubmit} noValidate>
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
          disabled={submitting}
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
            disabled={submitting}
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
        <button type="submit" className="btn-primary mt-6 w-full" disabled={!email.trim() || !consent || submitting}>
          {submitting ? "Subscribing…" : "Subscribe"}
        </button>
      </form>
    </Modal>
  );
}
