// What every form of the sign-in screen is made of: the form itself with its intent and its answer under it,
// the email field shared by the views, and the submit button.
import { LoaderCircle } from "lucide-react";
import { TextField } from "~/components/forms/fields";
import { IntentField } from "~/components/forms/form-notice";
import type { useFormAction } from "~/components/forms/use-form-action";
import { fieldLabels } from "~/content/auth";
import { site } from "@core/site";
import { StatusBox } from "../views";

type FormHook = Pick<ReturnType<typeof useFormAction>, "Form" | "formProps" | "intent" | "notice">;

/** One of the screen's forms, and under it the answer to its last sending (red or green, never a toast). */
export function AuthForm({ form, children }: { form: FormHook; children: React.ReactNode }) {
  return (
    <>
      <form.Form {...form.formProps} aria-labelledby="auth-heading" className="space-y-4">
        <IntentField intent={form.intent} />
        {children}
      </form.Form>
      {form.notice && <StatusBox kind={form.notice.kind} text={form.notice.description} />}
    </>
  );
}

/** The address typed in one view is still there in the next: the screen keeps it (`email`, `setEmail`). */
export type SharedEmail = { email: string; setEmail: (email: string) => void };

export function EmailField({
  email,
  setEmail,
  error,
  autoComplete = "email",
  readOnly,
}: SharedEmail & { error?: string; autoComplete?: string; readOnly?: boolean }) {
  return (
    <TextField
      name="email"
      type="email"
      inputMode="email"
      label={fieldLabels.email}
      placeholder={site.emailPlaceholder}
      autoComplete={autoComplete}
      autoCapitalize="none"
      spellCheck={false}
      value={email}
      onChange={(event) => setEmail(event.target.value)}
      readOnly={readOnly}
      error={error}
    />
  );
}

export function SubmitButton({ pending, label, pendingLabel }: { pending: boolean; label: string; pendingLabel: string }) {
  return (
    <button type="submit" className="btn-primary w-full" disabled={pending} aria-busy={pending || undefined}>
      {pending && <LoaderCircle className="size-4 animate-spin" aria-hidden />}
      {pending ? pendingLabel : label}
    </button>
  );
}
