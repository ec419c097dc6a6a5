// "Change email" on the account page (docs/product.md#accounts, docs/decisions/0017-credentials-and-codes.md): the new
// address and, for an account with one, the current password. Nothing changes until the link sent to the new address
// is confirmed; the old address gets a notice. Posts to the account page's action, with or without JavaScript.
import { Mail } from "lucide-react";
import { TextField } from "~/components/forms/fields";
import { FormNotice, IntentField } from "~/components/forms/form-notice";
import { useFormAction } from "~/components/forms/use-form-action";
import { emailChangeSchema } from "@core/schemas/auth";
import { CREDENTIAL_INTENTS, type EmailChangeSent } from "@core/schemas/credentials";

const sent = ({ email }: EmailChangeSent) => ({
  title: "Check your new inbox",
  description: `We sent a confirmation link to ${email}. Your address changes once you open it and confirm.`,
});

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
      {hasPassword ? (
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
          <TextField name="currentPassword" type="password" label="Current password" autoComplete="current-password" error={errors.currentPassword} />
          <button type="submit" className="btn-primary self-start" disabled={pending} aria-busy={pending || undefined}>
            <Mail className="size-4" aria-hidden />
            {pending ? "Sending…" : "Send confirmation link"}
          </button>
        </Form>
      ) : (
        <p className="mt-4 text-sm text-slate-600">
          Your account has no password yet. Set one first (see “Set a password”), then change your address here.
        </p>
      )}
    </div>
  );
}
