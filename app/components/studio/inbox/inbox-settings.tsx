import { LANGUAGES_BY_LABEL } from "@core/languages";
import { inboxSettingsSchema } from "@core/schemas/inbox";
import { SelectField, TextField } from "~/components/forms/fields";
import { FormNotice, IntentField } from "~/components/forms/form-notice";
import { useFormAction } from "~/components/forms/use-form-action";
import type { InboxSettings } from "@worker/services/inbox/settings";

const LANGUAGE_OPTIONS = LANGUAGES_BY_LABEL.map((language) => ({ value: language.code, label: language.label }));

/**
 * The owner's reading language (what every message is machine-translated into; English until changed) and how long
 * inbox entries and live chats are kept (the daily cron deletes older ones).
 */
export function InboxSettingsForm({ settings, intent }: { settings: InboxSettings; intent: string }) {
  const { Form, formProps, errors, values, notice, pending } = useFormAction({
    intent,
    schema: inboxSettingsSchema,
    success: { title: "Inbox settings saved", description: "Messages are translated into your language from now on." },
    resetOnSuccess: false,
  });
  return (
    <details className="card mt-8">
      <summary className="cursor-pointer font-semibold">Inbox settings</summary>
      <Form {...formProps} className="mt-4 grid gap-4 sm:grid-cols-2" aria-label="Inbox settings">
        <IntentField intent={intent} />
        <div className="sm:col-span-2">
          <FormNotice notice={notice} />
        </div>
        <SelectField
          name="language"
          label="Your language"
          hint="Messages are machine-translated into it, and replies from it."
          options={LANGUAGE_OPTIONS}
          defaultValue={values.language ?? settings.language}
          error={errors.language}
        />
        <TextField
          name="retentionDays"
          type="number"
          inputMode="numeric"
          min={1}
          max={3650}
          label="Keep entries for (days)"
          hint="Conversations with no new message for longer are deleted, once a day."
          defaultValue={values.retentionDays ?? String(settings.retentionDays)}
          error={errors.retentionDays}
        />
        <div className="sm:col-span-2">
          <button type="submit" className="btn-secondary" disabled={pending}>
            {pending ? "Saving…" : "Save settings"}
          </button>
        </div>
      </Form>
    </details>
  );
}
