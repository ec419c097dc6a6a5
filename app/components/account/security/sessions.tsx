// "Signed-in devices" on the account page (docs/product.md#accounts): the user's live sessions with a coarse device
// label, when each signed in and was last used, and "This device"; no addresses. Each can be signed out, and so can
// every other one at once. The list comes with the page (the account loader); the forms post to the page's action,
// through a fetcher with a toast when JavaScript runs, as a plain post answered in the page when it does not.
import { LogOut } from "lucide-react";
import { useId } from "react";
import { useActionData } from "react-router";
import { SignOutButton } from "~/components/auth/sign-out-button";
import { formatDateTime, isoDate } from "@core/format";
import { FormNotice, IntentField } from "~/components/forms/form-notice";
import { type FormNotice as Notice, useFormAction } from "~/components/forms/use-form-action";
import type { FormResult } from "@core/schemas/form-result";
import { type ActiveSession, SESSION_INTENTS, type SignedOutOthers, type SignedOutSession, sessionMessages } from "@core/schemas/session-list";

const SECTION_ID = "sessions";
const ACTION = `/account#${SECTION_ID}`;
const SESSION_ANSWERS: readonly string[] = Object.values(SESSION_INTENTS);

/** The answer to a session form posted without JavaScript, as its toast would have said it. */
function noticeOf(answer: FormResult | undefined): Notice | null {
  if (!answer) return null;
  if (!answer.ok) return { kind: "error", title: "Could not sign out", description: answer.error.message };
  const message =
    answer.intent === SESSION_INTENTS.signOut
      ? sessionMessages.signedOut(answer.data as SignedOutSession)
      : sessionMessages.signedOutOthers(answer.data as SignedOutOthers);
  return { kind: "success", ...message };
}

function SessionTimes({ session, id }: { session: ActiveSession; id: string }) {
  return (
    <p id={id} className="mt-1 text-sm text-slate-600">
      Signed in <time dateTime={isoDate(session.createdAt)}>{formatDateTime(session.createdAt)}</time>
      {" · "}
      {session.current ? (
        "In use now"
      ) : (
        <>
          Last used <time dateTime={isoDate(session.lastUsedAt)}>{formatDateTime(session.lastUsedAt)}</time>
        </>
      )}
    </p>
  );
}

/** The section's two forms. Their hooks live in the section, not in the rows: a row is gone once its session is. */
type Forms = { signOut: ReturnType<typeof useFormAction<SignedOutSession>>; signOutOthers: ReturnType<typeof useFormAction<SignedOutOthers>> };

/** This device's row signs this browser out like the page's Sign out (and goes home); the others post to the page. */
function SessionRow({ session, form }: { session: ActiveSession; form: Forms["signOut"] }) {
  const timesId = useId();
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">
          {session.label}
          {session.current && (
            <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">This device</span>
          )}
        </p>
        <SessionTimes session={session} id={timesId} />
      </div>
      {session.current ? (
        <div className="shrink-0">
          <SignOutButton nameSuffix="this device" describedBy={timesId} />
        </div>
      ) : (
        <SignOutSession session={session} form={form} describedBy={timesId} />
      )}
    </li>
  );
}

/** Named with the device ("Sign out Firefox on Linux"), and described by its times when two devices share a label. */
function SignOutSession({ session, form, describedBy }: { session: ActiveSession; form: Forms["signOut"]; describedBy: string }) {
  const { Form, formProps, pending } = form;
  return (
    <Form {...formProps} className="shrink-0">
      <IntentField intent={SESSION_INTENTS.signOut} />
      <input type="hidden" name="session" value={session.id} />
      <button type="submit" className="btn-secondary" disabled={pending} aria-busy={pending || undefined} aria-describedby={describedBy}>
        <LogOut className="size-4" aria-hidden />
        Sign out<span className="sr-only">{` ${session.label}`}</span>
      </button>
    </Form>
  );
}

function SignOutOthers({ form }: { form: Forms["signOutOthers"] }) {
  const { Form, formProps, pending } = form;
  return (
    <Form {...formProps} className="mt-4">
      <IntentField intent={SESSION_INTENTS.signOutOthers} />
      <button type="submit" className="btn-primary" disabled={pending} aria-busy={pending || undefined}>
        <LogOut className="size-4" aria-hidden />
        {pending ? "Signing out…" : "Sign out all other devices"}
      </button>
    </Form>
  );
}

export function Sessions({ sessions }: { sessions: ActiveSession[] }) {
  const actionData = useActionData() as FormResult | undefined;
  const answer = actionData && SESSION_ANSWERS.includes(actionData.intent) ? actionData : undefined;
  const forms: Forms = {
    signOut: useFormAction<SignedOutSession>({ intent: SESSION_INTENTS.signOut, action: ACTION, success: sessionMessages.signedOut }),
    signOutOthers: useFormAction<SignedOutOthers>({
      intent: SESSION_INTENTS.signOutOthers,
      action: ACTION,
      success: sessionMessages.signedOutOthers,
    }),
  };
  const others = sessions.filter((session) => !session.current).length;
  return (
    <section id={SECTION_ID} aria-labelledby="sessions-title" className="mt-6 scroll-mt-16 border-t border-slate-200 pt-10">
      <h2 id="sessions-title" className="text-2xl font-bold tracking-tight text-slate-900">
        Signed-in devices
      </h2>
      <p className="mt-2 max-w-2xl text-slate-600">
        Where your account is signed in now. A device you sign out loses access on its next request; signing out this device ends this session and
        takes you to the home page. We keep only a rough device name, never your address or location.
      </p>
      <div className="mt-4 max-w-2xl empty:hidden">
        <FormNotice notice={noticeOf(answer)} />
      </div>
      <div className="card mt-6 max-w-3xl">
        <ul aria-labelledby="sessions-title" className="divide-y divide-slate-200">
          {sessions.map((session) => (
            <SessionRow key={session.id} session={session} form={forms.signOut} />
          ))}
        </ul>
        {others > 0 ? <SignOutOthers form={forms.signOutOthers} /> : <p className="mt-4 text-sm text-slate-600">No other device is signed in.</p>}
      </div>
    </section>
  );
}
