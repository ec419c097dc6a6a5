// One entry of the translator's history: the pair, the text and its translation, a star (a form: kept past the
// retention period) and, with JavaScript, a button that loads it into the translator.
import { RotateCcw, Star } from "lucide-react";
import { IntentField } from "~/components/forms/form-notice";
import { useFormAction } from "~/components/forms/use-form-action";
import { languageLabel } from "@core/languages";
import { HISTORY_INTENTS } from "@core/schemas/translation-history";
import type { TranslationRecord } from "@core/schemas/translate";
import { preview } from "@core/text";

function StarForm({ record }: { record: TranslationRecord }) {
  const { Form, formProps, intent, pending } = useFormAction({ intent: HISTORY_INTENTS.favourite });
  const label = `${record.favourite ? "Unstar" : "Star"}: ${preview(record.input, 40)}`;
  return (
    <Form {...formProps}>
      <IntentField intent={intent} />
      <input type="hidden" name="id" value={record.id} />
      <input type="hidden" name="favourite" value={record.favourite ? "off" : "on"} />
      <button type="submit" className="btn-secondary" aria-label={label} aria-pressed={record.favourite} title={label} disabled={pending}>
        <Star className={`size-4 ${record.favourite ? "fill-amber-400 text-amber-600" : ""}`} aria-hidden />
      </button>
    </Form>
  );
}

export function HistoryEntry({ record, onLoad }: { record: TranslationRecord; onLoad?: (record: TranslationRecord) => void }) {
  return (
    <li className="card flex flex-col gap-2 text-sm">
      <p className="text-xs font-medium text-slate-500">
        {languageLabel(record.source)} → {languageLabel(record.target)}
      </p>
      <p dir="auto" className="text-slate-900">
        {preview(record.input, 120)}
      </p>
      <p dir="auto" className="text-slate-600">
        {preview(record.output, 160)}
      </p>
      <div className="mt-auto flex items-center gap-2">
        <StarForm record={record} />
        {onLoad ? (
          <button type="button" className="btn-secondary" aria-label={`Load: ${preview(record.input, 40)}`} onClick={() => onLoad(record)}>
            <RotateCcw className="size-4" aria-hidden />
            Load
          </button>
        ) : null}
      </div>
    </li>
  );
}
