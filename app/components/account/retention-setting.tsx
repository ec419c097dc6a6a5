// How long AI conversations are kept: 1–365 days, or until the user deletes them (docs/product.md#account-page). The
// daily cron deletes conversations not updated for longer than this. With JavaScript the form calls the API;
// without, it posts to the account page's action, and the page comes back with the answer in the form.
import { useState } from "react";
import { useActionData } from "react-router";
import { SelectField, TextField } from "~/components/forms/fields";
import { FormNotice, IntentField } from "~/components/forms/form-notice";
import type { FormNotice as Notice } from "~/components/forms/use-form-action";
import { ApiRequestError, errorMessage } from "~/lib/api";
import { saveSettings } from "~/lib/account-client";
import { notify } from "~/lib/toast";
import { useHydrated } from "~/lib/use-hydrated";
import {
  ACCOUNT_INTENTS,
  accountSettingsSchema,
  RETENTION_MAX_DAYS,
  RETENTION_MIN_DAYS,
  RETENTION_RANGE_MESSAGE,
  retentionFormInput,
} from "@core/schemas/account";
import type { FormResult } from "@core/schemas/form-result";

type Mode = "keep" | "days";

const MODE_OPTIONS = [
  { value: "keep", label: "Keep until I delete" },
  { value: "days", label: "Delete after a number of days" },
] as const;

const DEFAULT_DAYS = 30;
const SAVED = "History setting saved";
const NOT_SAVED = "Could not save the setting";

function describe(days: number | null) {
  if (days === null) return "Your conversations are kept until you delete them.";
  return `Conversations not updated for ${days === 1 ? "1 day" : `${days} days`} are deleted automatically, once a day.`;
}

/** The answer to a post without JavaScript, as the toast would have said it. */
function noticeOf(answer: FormResult<{ historyRetentionDays: number | null }> | undefined): Notice | null {
  if (!answer) return null;
  return answer.ok
    ? { kind: "success", title: SAVED, description: describe(answer.data.historyRetentionDays) }
    : { kind: "error", title: NOT_SAVED, description: answer.error.message };
}

export function RetentionSetting({ initialDays }: { initialDays: number | null }) {
  const hydrated = useHydrated();
  const actionData = useActionData() as FormResult<{ historyRetentionDays: number | null }> | undefined;
  const answer = actionData?.intent === ACCOUNT_INTENTS.retention ? actionData : undefined;
  const refused = answer && !answer.ok ? answer : undefined;
  const [saved, setSaved] = useState<number | null>(initialDays);
  const [mode, setMode] = useState<Mode>((refused?.values.retention as Mode | undefined) ?? (initialDays === null ? "keep" : "days"));
  // The field keeps exactly what was typed, so a rejected value is still there to correct.
  const [days, setDays] = useState(refused?.values.historyRetentionDays ?? String(initialDays ?? DEFAULT_DAYS));
  const [error, setError] = useState<string | undefined>(refused?.error.fields?.historyRetentionDays);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = accountSettingsSchema.safeParse(retentionFormInput({ retention: mode, historyRetentionDays: days }));
    if (!parsed.success) {
      setError(RETENTION_RANGE_MESSAGE);
      return;
    }
    setError(undefined);
    setPending(true);
    try {
      const settings = await saveSettings(parsed.data);
      setSaved(settings.historyRetentionDays);
      notify("success", SAVED, describe(settings.historyRetentionDays));
    } catch (failure) {
      if (failure instanceof ApiRequestError && failure.fields.historyRetentionDays) setError(failure.fields.historyRetentionDays);
      notify("error", NOT_SAVED, errorMessage(failure));
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      id="retention"
      method="post"
      action="/account#retention"
      className="card flex scroll-mt-16 flex-col"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="retention-title"
    >
      <IntentField intent={ACCOUNT_INTENTS.retention} />
      <h3 id="retention-title" className="font-semibold text-slate-900">
        Conversation history
      </h3>
      <p className="mt-2 text-sm text-slate-600">{describe(saved)}</p>
      <div className="mt-4 empty:hidden">
        <FormNotice notice={noticeOf(answer)} />
      </div>
      <div className="mt-4 flex-1 space-y-4">
        <SelectField
          name="retention"
          label="Keep my AI conversations"
          options={MODE_OPTIONS}
          value={mode}
          disabled={pending}
          onChange={(event) => {
            setMode(event.target.value as Mode);
            setError(undefined);
          }}
        />
        {/* Without JavaScript the mode cannot reveal the field: it is there from the start (and ignored for "keep"). */}
        {(mode === "days" || !hydrated) && (
          <TextField
            name="historyRetentionDays"
            label={`Days to keep (${RETENTION_MIN_DAYS}–${RETENTION_MAX_DAYS})`}
            type="number"
            inputMode="numeric"
            min={RETENTION_MIN_DAYS}
            max={RETENTION_MAX_DAYS}
            step={1}
            value={days}
            disabled={pending}
            error={error}
            onChange={(event) => {
              setDays(event.target.value);
              setError(undefined);
            }}
          />
        )}
      </div>
      <button type="submit" className="btn-primary mt-4 self-start" disabled={pending} aria-busy={pending || undefined}>
        {pending ? "Saving…" : "Save"}
      </button>
    </form>
  );
}
