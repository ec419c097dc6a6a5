import { INBOX_STATUS_VALUES, inboxNotesSchema, inboxStatusSchema, type InboxStatus } from "@core/schemas/inbox";
import { SelectField, TextAreaField } from "~/components/forms/fields";
import { FormNotice, IntentField } from "~/components/forms/form-notice";
import { useFormAction } from "~/components/forms/use-form-action";
import { THREAD_INTENTS } from "./intents";
import { STATUS_LABELS } from "./labels";

const STATUS_OPTIONS = INBOX_STATUS_VALUES.map((value) => ({ value, label: STATUS_LABELS[value] }));

export function StatusForm({ status }: { status: InboxStatus }) {
  const { Form, formProps, intent, errors, notice, pending } = useFormAction({
    intent: THREAD_INTENTS.status,
    schema: inboxStatusSchema,
    success: { title: "Status saved", description: "The conversation's status is updated." },
    resetOnSuccess: false,
  });
  return (
    <Form {...formProps} className="card space-y-3" aria-label="Status">
      <IntentField intent={intent} />
      <FormNotice notice={notice} />
      <SelectField name="status" label="Status" options={STATUS_OPTIONS} defaultValue={status} error={errors.status} key={status} />
      <button type="submit" className="btn-secondary w-full" disabled={pending}>
        {pending ? "Saving…" : "Save status"}
      </button>
    </Form>
  );
}

export function NotesForm({ notes }: { notes: string }) {
  const { Form, formProps, intent, errors, values, notice, pending } = useFormAction({
    intent: THREAD_INTENTS.notes,
    schema: inboxNotesSchema,
    success: { title: "Notes saved", description: "Only owners see these notes." },
    resetOnSuccess: false,
  });
  return (
    <Form {...formProps} className="card space-y-3" aria-label="Private notes">
      <IntentField intent={intent} />
      <FormNotice notice={notice} />
      <TextAreaField
        name="notes"
        label="Private notes"
        hint="Only owners see these. They are not sent to anyone."
        rows={5}
        maxLength={5000}
        defaultValue={values.notes ?? notes}
        error={errors.notes}
        optional
      />
      <button type="submit" className="btn-secondary w-full" disabled={pending}>
        {pending ? "Saving…" : "Save notes"}
      </button>
    </Form>
  );
}
