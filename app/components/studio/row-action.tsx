// One button that acts on one row of a Studio list (delete, hide, grant…): a form that posts to the room's action.
// With JavaScript a fetcher sends it, a toast says how it went and the list reloads; without, the browser posts it
// and the room comes back with the answer at its top (StudioNotice).
import { useEffect, useRef } from "react";
import { useActionData, useFetcher } from "react-router";
import type { FormResult } from "@core/schemas/form-result";
import { IntentField } from "~/components/forms/form-notice";
import { FormNotice } from "~/components/forms/form-notice";
import { notify } from "~/lib/toast";

type Props = {
  intent: string;
  id: string;
  label: string;
  /** The toast's words once done. */
  done: string;
  /** Asked first with JavaScript on (deleting); without it, the button acts at once. */
  confirm?: string;
  tone?: "default" | "danger";
  /** Other fields the action needs (e.g. "hide" or "show"). */
  fields?: Record<string, string>;
  /** Names the row for assistive technology, e.g. the address the button deletes. */
  subject: string;
};

export function RowAction({ intent, id, label, done, confirm, tone = "default", fields = {}, subject }: Props) {
  const fetcher = useFetcher<FormResult>();
  const handled = useRef<FormResult | undefined>(undefined);
  // The words of the act that was sent: by the time the answer is here, the reloaded row names the opposite act.
  const sentDone = useRef(done);
  useEffect(() => {
    const answer = fetcher.data;
    if (!answer || fetcher.state !== "idle" || handled.current === answer) return;
    handled.current = answer;
    if (answer.ok) notify("success", sentDone.current);
    else notify("error", "Could not do that", answer.error.message);
  });
  return (
    <fetcher.Form
      method="post"
      onSubmit={(event) => {
        if (confirm && !window.confirm(confirm)) event.preventDefault();
        else sentDone.current = done;
      }}
    >
      <IntentField intent={intent} />
      <input type="hidden" name="id" value={id} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button
        type="submit"
        className={`rounded-md border px-2.5 py-1 text-sm font-medium ${tone === "danger" ? "border-red-200 text-red-700 hover:bg-red-50" : "border-slate-300 text-slate-800 hover:bg-slate-100"}`}
        disabled={fetcher.state !== "idle"}
        aria-label={`${label}: ${subject}`}
      >
        {label}
      </button>
    </fetcher.Form>
  );
}

/** The answer to a form posted without JavaScript, shown at the top of the room. */
export function StudioNotice({ success }: { success: (intent: string) => string }) {
  const answer = useActionData() as FormResult | undefined;
  if (!answer) return null;
  return (
    <div className="mb-6">
      <FormNotice
        notice={
          answer.ok
            ? { kind: "success", title: "Done", description: success(answer.intent) }
            : { kind: "error", title: "Could not do that", description: answer.error.message }
        }
      />
    </div>
  );
}

/** A room's heading and what it is for. */
export function StudioHeading({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <header className="mb-6">
      <h1 className="heading-2">{title}</h1>
      {children && <div className="mt-2 text-slate-700">{children}</div>}
    </header>
  );
}
