// How long AI conversations are kept: 1–365 days, or until the user deletes them (docs/product.md#account-page). The
// daily cron deletes conversations not updated for longer than this.
import { useState } from "react";
import { SelectField, TextField } from "~/components/forms/fields";
import { ApiRequestError, errorMessage } from "~/lib/api";
import { saveSettings } from "~/lib/account-client";
import { notify } from "~/lib/toast";
import { accountSettingsSchema, RETENTION_MAX_DAYS, RETENTION_MIN_DAYS, RETENTION_RANGE_MESSAGE } from "@core/schemas/account";

type Mode = "keep" | "days";

const MODE_OPTIONS = [
  { value: "keep", label: "Keep until I delete" },
  { value: "days", label: "Delete after a number of days" },
] as const;

const DEFAULT_DAYS = 30;

function describe(days: number | null) {
  if (days === null) return "Your conversations are kept until you delete them.";
  return `Conversations not updated for ${days === 1 ? "1 day" : `${days} days`} are deleted automatically, once a day.`;
}

export function RetentionSetting({ initialDays }: { initialDays: number | null }) {
  const [saved, setSaved] = useState<number | null>(initialDays);
  const [mode, setMode] = useState<Mode>(initialDays === null ? "keep" : "days");
  // The field keeps exactly what was typed, so a rejected value is still there to correct.
  const [days, setDays] = useState(String(initialDays ?? DEFAULT_DAYS));
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = accountSettingsSchema.safeParse({ historyRetentionDays: mode === "keep" ? null : days.trim() === "" ? Number.NaN : Number(days) });
    if (!parsed.success) {
      setError(RETENTION_RANGE_MESSAGE);
      return;
    }
    setError(undefined);
    setPending(true);
    try {
      const settings = await saveSettings(parsed.data);
      setSaved(settings.historyRetentionDays);
      notify("success", "History setting saved", describe(settings.historyRetentionDays));
    } catch (failure) {
      if (failure instanceof ApiRequestError && failure.fields.historyRetentionDays) setError(failure.fields.historyRetentionDays);
      notify("error", "Could not save the setting", errorMessage(failure));
    } finally {
      setPending(false);
    }
  }

  return (
    <form method="post" className="card flex flex-col" onSubmit={onSubmit} noValidate aria-labelledby="retention-title">
      <h3 id="retention-title" className="font-semibold text-slate-900">
        Conversation history
      </h3>
      <p className="mt-2 text-sm text-slate-600">{describe(saved)}</p>
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
        {mode === "days" && (
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
