// "Password" on the account page (docs/product.md#accounts, docs/decisions/0017-credentials-and-codes.md): change it
// with the current one, or, for an account that has none, get the emailed link that sets a first one. Both forms
// post to the account page's action: with JavaScript through a fetcher (a toast answers), without as a page.
import { KeyRound } from "lucide-react";
import { TextField } from "~/components/forms/fields";
import { FormNotice, IntentField } from "~/components/forms/form-notice";
import { useFormAction } from "~/components/forms/use-form-action";
import { PASSWORD_MIN, updatePasswordSchema } from "@core/schemas/auth";
import { CREDENTIAL_INTENTS } from "@core/schemas/credentials";

export const PASSWORD_CHANGED = {
  title: "Password changed",
  description: "Your password has been changed. Your other devices were signed out.",
};
export const PASSWORD_LINK_SENT = {
  title: "Check your email",
  description: "We sent you a link to set your password. It works once and expires in 1 hour.",
};

function ChangePasswordForm() {
  const { Form, formProps, intent, errors, pending, notice } = useFormAction({
    intent: CREDENTIAL_INTENTS.changePassword,
    schema: updatePasswordSchema,
    success: PASSWORD_CHANGED,
  });
  return (
    <Form {...formProps} aria-labelledby="password-title" className="mt-4 flex flex-1 flex-col gap-4">
      <IntentField intent={intent} />
      <div className="empty:hidden">
        <FormNotice notice={notice} />
      </div>
      <TextField name="currentPassword" type="password" label="Current password" autoComplete="current-password" error={errors.currentPassword} />
      <TextField
        name="password"
        type="password"
        label="New password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN} characters.`}
        error={errors.password}
      />
      <button type="submit" className="btn-primary self-start" disabled={pending} aria-busy={pending || undefined}>
        <KeyRound className="size-4" aria-hidden />
        {pending ? "Changing…" : "Change password"}
      </button>
    </Form>
  );
}

/** A passwordless account proves its mailbox first: the emailed link opens the sign-in screen's new-password view. */
function PasswordLinkForm() {
  const { Form, formProps, intent, pending, notice } = useFormAction({ intent: CREDENTIAL_INTENTS.passwordLink, success: PASSWORD_LINK_SENT });
  return (
    <Form {...formProps} aria-labelledby="password-title" className="mt-4 flex flex-1 flex-col gap-4">
      <IntentField intent={intent} />
      <div className="empty:hidden">
        <FormNotice notice={notice} />
      </div>
      <p className="flex-1 text-sm text-slate-600">
        Your account has no password: you sign in with emailed links or codes. To set one, confirm it's you from your inbox.
      </p>
      <button type="submit" className="btn-secondary self-start" disabled={pending} aria-busy={pending || undefined}>
        {pending ? "Sending…" : "Email me a link to set a password"}
      </button>
    </Form>
  );
}

export function PasswordSetting({ hasPassword }: { hasPassword: boolean }) {
  return (
    <div id="password" className="card flex scroll-mt-16 flex-col">
      <h3 id="password-title" className="font-semibold text-slate-900">
        {hasPassword ? "Change password" : "Set a password"}
      </h3>
      {hasPassword ? <ChangePasswordForm /> : <PasswordLinkForm />}
    </div>
  );
}
