import { IntentField } from "~/components/forms/form-notice";
import { linkStates } from "~/content/auth";

/**
 * An emailed link opened without JavaScript: one button posts its token to the action, which signs in (a GET
 * never uses the token up, so a mail scanner that follows links cannot spend it). Rendered inside <noscript>:
 * with JavaScript the screen verifies the link by itself. `action` is the view to show if the link fails.
 */
export function LinkForm({ action, type, tokenHash }: { action: string; type: string; tokenHash: string }) {
  return (
    <form method="post" action={action} className="mt-8 space-y-4">
      <IntentField intent="verify_link" />
      <input type="hidden" name="type" value={type} />
      <input type="hidden" name="token_hash" value={tokenHash} />
      <p className="text-slate-700">{linkStates.useLink}</p>
      <button type="submit" className="btn-primary w-full">
        {linkStates.continue}
      </button>
    </form>
  );
}
