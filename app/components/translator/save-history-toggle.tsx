// "Save history" on or off (docs/product.md#translator), on the translator screen and the account page: a form that
// posts to the page's own action, with JavaScript (a fetcher) or without. Off: nothing is written.
import { History } from "lucide-react";
import { FormNotice, IntentField } from "~/components/forms/form-notice";
import { useFormAction } from "~/components/forms/use-form-action";
import { HISTORY_INTENTS, type TranslatorHistorySettings } from "@core/schemas/translation-history";

function describe(saveHistory: boolean) {
  return saveHistory
    ? "Saving is on: your translations are kept in your history, and follow your history retention setting (starred ones are kept)."
    : "Saving is off: new translations are not written anywhere.";
}

export function SaveHistoryToggle({ saveHistory }: { saveHistory: boolean }) {
  const { Form, formProps, intent, pending, notice } = useFormAction<TranslatorHistorySettings>({
    intent: HISTORY_INTENTS.saveHistory,
    success: (settings) => ({
      title: settings.saveHistory ? "History saving is on" : "History saving is off",
      description: describe(settings.saveHistory),
    }),
  });
  return (
    <Form {...formProps} aria-label="Translation history saving" className="flex flex-col gap-2">
      <IntentField intent={intent} />
      <input type="hidden" name="saveHistory" value={saveHistory ? "off" : "on"} />
      <p className="text-sm text-slate-600" data-testid="save-history-status">
        {describe(saveHistory)}
      </p>
      <button type="submit" className="btn-secondary self-start" disabled={pending}>
        <History className="size-4" aria-hidden />
        {saveHistory ? "Turn history saving off" : "Turn history saving on"}
      </button>
      <FormNotice notice={notice} />
    </Form>
  );
}
