// The account deletion's confirmation as a part of the page, for a browser without JavaScript (where the dialog of
// delete-account.tsx cannot open): the same warning and confirmation, posted to the account page's action.
import { Trash2 } from "lucide-react";
import { useActionData, useSearchParams } from "react-router";
import { TextField } from "~/components/forms/fields";
import { FormNotice, IntentField } from "~/components/forms/form-notice";
import { ACCOUNT_INTENTS } from "@core/schemas/account";
import type { FormResult } from "@core/schemas/form-result";
import { CODE_NOTE, CODE_SENT, DELETE_ANCHOR, DELETE_DESCRIPTION, DELETE_PARAM, DELETE_TITLE, DeletionWarning, dangerButton } from "./delete-account";

const ACTION = `/account#${DELETE_ANCHOR}`;
const DELETION_INTENTS: readonly string[] = [ACCOUNT_INTENTS.deleteCode, ACCOUNT_INTENTS.deleteAccount];

/** Shown when /account?delete=confirm was asked for, and with the answer to one of its forms. */
export function DeleteAccountInPage({ hasPassword }: { hasPassword: boolean }) {
  const [searchParams] = useSearchParams();
  const actionData = useActionData() as FormResult | undefined;
  const answer = actionData && DELETION_INTENTS.includes(actionData.intent) ? actionData : undefined;
  if (searchParams.get(DELETE_PARAM) !== "confirm" && !answer) return null;

  const codeSent = answer?.intent === ACCOUNT_INTENTS.deleteCode && answer.ok;
  const refused = answer && !answer.ok ? answer : undefined;
  const fields = refused?.error.fields ?? {};
  const formError = refused && !fields.password && !fields.code ? refused.error.message : undefined;
  return (
    <section id={DELETE_ANCHOR} aria-labelledby="delete-account-heading" className="card mt-6 max-w-2xl scroll-mt-16 space-y-4 border-red-200">
      <h3 id="delete-account-heading" className="text-xl font-semibold text-slate-900">
        {DELETE_TITLE}
      </h3>
      <p className="text-sm text-slate-600">{DELETE_DESCRIPTION}</p>
      <DeletionWarning />
      {codeSent && <FormNotice notice={{ kind: "success", ...CODE_SENT }} />}
      {!hasPassword && (
        <form method="post" action={ACTION} className="space-y-3">
          <IntentField intent={ACCOUNT_INTENTS.deleteCode} />
          <p className="text-sm text-slate-600">{CODE_NOTE}</p>
          <button type="submit" className="btn-secondary">
            {codeSent ? "Send a new code" : "Send me a code"}
          </button>
        </form>
      )}
      <form method="post" action={ACTION} className="space-y-4" aria-label="Confirm the deletion">
        <IntentField intent={ACCOUNT_INTENTS.deleteAccount} />
        {hasPassword ? (
          <TextField name="password" type="password" label="Your password" autoComplete="current-password" error={fields.password} />
        ) : (
          <TextField name="code" label="Code from the email" inputMode="numeric" autoComplete="one-time-code" maxLength={6} error={fields.code} />
        )}
        {formError && (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
            {formError}
          </p>
        )}
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
          <a href="/account" className="btn-secondary">
            Cancel
          </a>
          <button type="submit" className={dangerButton}>
            <Trash2 className="size-4" aria-hidden />
            Delete my account permanently
          </button>
        </div>
      </form>
    </section>
  );
}
