import { useEffect, useId, useState } from "react";
import { site } from "@core/site";
import { errorMessage } from "~/lib/api";
import { useSubscription } from "./subscription-context";

/** docs/product.md#subscriptions: a finished signup form returns to idle after this long. */
export const SIGNUP_STATUS_RESET_MS = 4000;

type Status = "idle" | "loading" | "ok" | "error";

type Props = {
  /** Shown in the form's status line after a successful signup. */
  successMessage: string;
  /** Return to idle this long after finishing; off when undefined. */
  resetAfterMs?: number;
  /** Accessible name of the form. */
  label: string;
  tone?: "light" | "dark";
};

/** An inline email signup (landing "Get in early", crowdfunding waitlist): one field, one button, one status line. */
export function EmailSignupForm({ successMessage, resetAfterMs, label, tone = "light" }: Props) {
  const { subscribe, closeModal } = useSubscription();
  const [email, setEmail] = useState("");
  const [status, setStatus] = useState<Status>("idle");
  const [message, setMessage] = useState("");
  const inputId = useId();
  const statusId = useId();

  useEffect(() => {
    if (resetAfterMs === undefined || (status !== "ok" && status !== "error")) return;
    const timer = setTimeout(() => {
      setStatus("idle");
      setMessage("");
    }, resetAfterMs);
    return () => clearTimeout(timer);
  }, [status, resetAfterMs]);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status === "loading") return;
    setStatus("loading");
    setMessage("");
    try {
      await subscribe(email);
      setStatus("ok");
      setMessage(successMessage);
      setEmail("");
      closeModal();
    } catch (error) {
      setStatus("error");
      setMessage(errorMessage(error));
    }
  }

  const loading = status === "loading";
  const dark = tone === "dark";
  return (
    <form method="post" onSubmit={onSubmit} noValidate aria-label={label} className="w-full">
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
          value={email}
          disabled={loading}
          aria-invalid={status === "error" ? true : undefined}
          aria-describedby={statusId}
          onChange={(event) => setEmail(event.target.value)}
        />
        <button type="submit" className="btn-primary shrink-0 sm:px-6" disabled={loading}>
          {loading ? "Subscribing…" : "Subscribe"}
        </button>
      </div>
      <p
        id={statusId}
        role="status"
        aria-live="polite"
        className={`mt-3 min-h-6 text-sm font-medium ${
          status === "ok" ? (dark ? "text-emerald-300" : "text-emerald-700") : status === "error" ? (dark ? "text-red-300" : "text-red-700") : ""
        }`}
      >
        {message}
      </p>
    </form>
  );
}
