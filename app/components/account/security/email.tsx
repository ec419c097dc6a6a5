// "Change email" on the account page (docs/product.md#accounts, docs/decisions/0017-credentials-and-codes.md): the new
// address and the current password; an account without one (passkeys only) asks for a code to its current address
// and enters it instead. Nothing changes until the link sent to the new address
// is confirmed; the old address gets a notice. Posts to the account page's action, with or without JavaScript.
import { KeyRound, Mail } from "lucide-react";
import { TextField } from "~/components/forms/fields";
import { FormNotice, IntentField } from "~/components/forms/form-notice";
import { useFormAction } from "~/components/forms/use-form-action";
import { emailChangeSchema } from "@core/schemas/auth";
import { CREDENTIAL_INTENTS, type EmailChangeSent } from "@core/schemas/credentials";

const codeSent = ({ email }: EmailChangeSent) => ({
  title: "Check your inbox",
  description: `We sent a 6-digit code to ${email}. Enter it below with your new address; it expires in 10 minutes.`,
});

const sent = ({ email }: EmailChangeSent) => ({
  title: "Check your new inbox",
  description: `We sent a confirmation link to ${email}. Your address changes once you open it and confirm.`,
});

/** A passwordless account (passkeys only) proves the change with a code sent to its current address. */
function EmailChangeCode() {
  const { Form, formProps, intent, pending, notice } = useFormAction<EmailChangeSent>({
    intent: CREDENTIAL_INTENTS.emailChangeCode,
    success: codeSent,
    resetOnSuccess: false,
  });
  return (
    <Form {...formProps} aria-label="Email me a code" className="mt-4 flex flex-col gap-3">
      <IntentField intent={intent} />
      <div className="empty:hidden">
        <FormNotice notice={notice} />
      </div>
      <p className="text-sm text-slate-600">Your account has no password: first we email a 6-digit code to your current address.</p>
      <button type="submit" className="btn-secondary self-start" disabled={pending} aria-busy={pending || undefined}>
        <KeyRound className="size-4" aria-hidden />
        {pending ? "Sending…" : "Email me a code"}
      </button>
    </Form>
  );
}

export function EmailSetting({ hasPassword }: { hasPassword: boolean }) {
  const { Form, formProps, intent, errors, pending, values, notice } = useFormAction<EmailChangeSent>({
    intent: CREDENTIAL_INTENTS.changeEmail,
    schema: emailChangeSchema,
    success: sent,
  });
  return (
    <div id="email" className="card flex scroll-mt-16 flex-col">
      <h3 id="email-title" className="font-semibold text-slate-900">
        Change email
      </h3>
      <p className="mt-2 text-sm text-slate-600">
        We send a link to the new address and a notice to your current one. Nothing changes until you confirm the link.
      </p>
      {!hasPassword && <EmailChangeCode />}
      <Form {...formProps} aria-labelledby="email-title" className="mt-4 flex flex-1 flex-col gap-4">
        <IntentField intent={intent} />
        <div className="empty:hidden">
          <FormNotice notice={notice} />
        </div>
        <TextField
          name="email"
          type="email"
          inputMode="email"
          label="New email address"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          defaultValue={values.email}
          error={errors.email}
        />
        {hasPassword ? (
          <TextField name="currentPassword" type="password" label="Current password" autoComplete="current-password" error={errors.currentPassword} />
        ) : (
          <TextField
            name="code"
            label="Code from your current inbox"
            hint="The 6-digit code we emailed to your current address."
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={6}
            error={errors.code}
          />
        )}
        <button type="submit" className="btn-primary self-start" disabled={pending} aria-busy={pending || undefined}>
          <Mail className="size-4" aria-hidden />
          {pending ? "Sending…" : "Send confirmation link"}
        </button>
      </Form>
    </div>
  );
}
