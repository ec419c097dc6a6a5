// Deleting the account: a confirmation dialog with a plain warning, confirmed by the password, or for
// accounts without one by a code sent by email. Afterwards the session is gone: sign out and go to /.
// Without JavaScript the dialog cannot open: the button asks for /account?delete=confirm, where the same
// confirmation is part of the page (delete-account-in-page.tsx) and posts to the page's action.
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { PasswordField } from "~/components/auth/password-field";
import { useUser } from "~/components/auth/user-context";
import { TextField } from "~/components/forms/fields";
import { Modal } from "~/components/ui/modal";
import { deleteAccountRequest, sendDeleteCode } from "~/lib/account-client";
import { ApiRequestError, errorMessage } from "~/lib/api";
import { notify } from "~/lib/toast";
import { DELETE_CODE_MESSAGE, DELETE_PASSWORD_MESSAGE, deleteAccountSchema } from "@core/schemas/account";

export const dangerButton = "btn bg-red-600 text-white hover:bg-red-700 disabled:hover:bg-red-600";

/** The query that asks for the confirmation in the page: what "Delete my account" sends without JavaScript. */
export const DELETE_PARAM = "delete";
/** Where the in-page confirmation is (its id). */
export const DELETE_ANCHOR = "delete-account";

export const DELETE_TITLE = "Delete your account?";
export const DELETE_DESCRIPTION = "This permanently deletes your account and everything in it. It cannot be undone.";
export const CODE_NOTE = "Your account has no password. We will email you a 6-digit code to confirm.";
export const CODE_SENT = { title: "Code sent", description: "Check your email for the 6-digit code." };

/** What the deletion takes with it: said before every confirmation. */
export function DeletionWarning() {
  return (
    <div role="note" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
      <p className="font-semibold">What will be deleted</p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        <li>Your AI conversations and translations</li>
        <li>Your comments on the blog</li>
        <li>Your blog posts, including published ones: they disappear from the blog, with their comments</li>
        <li>Your subscriptions and the messages you sent us with this email address</li>
      </ul>
      <p className="mt-2">Want a copy first? Use “Export my data” before deleting.</p>
    </div>
  );
}

export function DeleteAccount({ hasPassword }: { hasPassword: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="card flex flex-col border-red-200">
      <h3 className="font-semibold text-slate-900">Delete my account</h3>
      <p className="mt-2 flex-1 text-sm text-slate-600">Permanently delete your account and everything in it. This cannot be undone.</p>
      {/* With JavaScript the click opens the dialog; without, it asks the server for the confirmation in the page. */}
      <form method="get" action={`/account#${DELETE_ANCHOR}`} className="mt-4 self-start">
        <button
          type="submit"
          name={DELETE_PARAM}
          value="confirm"
          className="btn border border-red-300 bg-white text-red-700 hover:bg-red-50"
          onClick={(event) => {
            event.preventDefault();
            setOpen(true);
          }}
        >
          <Trash2 className="size-4" aria-hidden />
          Delete my account
        </button>
      </form>
      {/* Mounted only while open, so a cancelled attempt leaves nothing typed behind. */}
      {open && <DeleteAccountDialog hasPassword={hasPassword} onClose={() => setOpen(false)} />}
    </div>
  );
}

type Errors = { password?: string; code?: string; form?: string };

function DeleteAccountDialog({ hasPassword, onClose }: { hasPassword: boolean; onClose: () => void }) {
  const { signOut } = useUser();
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [codeSent, setCodeSent] = useState(false);
  const [sending, setSending] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [errors, setErrors] = useState<Errors>({});

  async function onSendCode() {
    setSending(true);
    setErrors({});
    try {
      await sendDeleteCode();
      setCodeSent(true);
      notify("success", CODE_SENT.title, CODE_SENT.description);
    } catch (error) {
      setErrors({ form: errorMessage(error) });
    } finally {
      setSending(false);
    }
  }

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = deleteAccountSchema.safeParse(hasPassword ? { password } : { code });
    if (!parsed.success) {
      setErrors(hasPassword ? { password: DELETE_PASSWORD_MESSAGE } : { code: DELETE_CODE_MESSAGE });
      return;
    }
    setErrors({});
    setDeleting(true);
    try {
      await deleteAccountRequest(parsed.data);
    } catch (error) {
      // Nothing was deleted: the dialog stays open with what was typed, and says why.
      const fields = error instanceof ApiRequestError ? error.fields : {};
      setErrors(fields.password || fields.code ? { password: fields.password, code: fields.code } : { form: errorMessage(error) });
      setDeleting(false);
      return;
    }
    // The server has ended every session and cleared the cookies; signOut tells the other tabs and loads /.
    try {
      await signOut();
    } catch {
      window.location.assign("/");
    }
  }

  return (
    <Modal open onClose={onClose} locked={deleting} title={DELETE_TITLE} description={DELETE_DESCRIPTION}>
      <form method="post" className="mt-5 space-y-4" onSubmit={onSubmit} noValidate>
        <DeletionWarning />

        {hasPassword ? (
          <PasswordField
            name="password"
            label="Your password"
            value={password}
            onChange={(value) => {
              setPassword(value);
              setErrors({});
            }}
            autoComplete="current-password"
            error={errors.password}
            disabled={deleting}
          />
        ) : (
          <div className="space-y-3">
            <p className="text-sm text-slate-600">{CODE_NOTE}</p>
            <button type="button" className="btn-secondary" onClick={onSendCode} disabled={sending || deleting} aria-busy={sending || undefined}>
              {sending ? "Sending…" : codeSent ? "Send a new code" : "Send me a code"}
            </button>
            <TextField
              name="code"
              label="Code from the email"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(event) => {
                setCode(event.target.value);
                setErrors({});
              }}
              error={errors.code}
              disabled={deleting}
            />
          </div>
        )}

        {errors.form && (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
            {errors.form}
          </p>
        )}

        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn-secondary" onClick={onClose} disabled={deleting}>
            Cancel
          </button>
          <button type="submit" className={dangerButton} disabled={deleting} aria-busy={deleting || undefined}>
            <Trash2 className="size-4" aria-hidden />
            {deleting ? "Deleting…" : "Delete my account permanently"}
          </button>
        </div>
      </form>
    </Modal>
  );
}
