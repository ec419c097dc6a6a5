// The translator's history (docs/product.md#translator): saving on or off, search (the query is posted, never put in
// the URL), favourites, the latest entries, and clear all. Only the signed-in user's own rows are ever listed.
import { Search, Trash2 } from "lucide-react";
import { useState } from "react";
import { FormNotice, IntentField } from "~/components/forms/form-notice";
import { useFormAction } from "~/components/forms/use-form-action";
import { HISTORY_INTENTS, MAX_HISTORY_QUERY_CHARS } from "@core/schemas/translation-history";
import type { TranslationRecord } from "@core/schemas/translate";
import { HistoryEntry } from "./history-entry";
import { SaveHistoryToggle } from "./save-history-toggle";

type Found = { query: string; results: TranslationRecord[] };

function EntryList({ label, records, onLoad }: { label: string; records: TranslationRecord[]; onLoad: (record: TranslationRecord) => void }) {
  return (
    <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={label}>
      {records.map((record) => (
        <HistoryEntry key={record.id} record={record} onLoad={onLoad} />
      ))}
    </ul>
  );
}

function HistorySearch({ onLoad }: { onLoad: (record: TranslationRecord) => void }) {
  const [dismissed, setDismissed] = useState<Found | null>(null);
  const { Form, formProps, intent, pending, result, values, errors } = useFormAction<Found>({
    intent: HISTORY_INTENTS.search,
    resetOnSuccess: false,
  });
  const found = result?.ok && result.data !== dismissed ? result.data : null;
  return (
    <div className="mt-4">
      <Form {...formProps} role="search" aria-label="History search" className="flex flex-wrap items-end gap-2">
        <IntentField intent={intent} />
        <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm text-slate-700">
          Search your translations
          <input
            name="query"
            type="search"
            className="input"
            maxLength={MAX_HISTORY_QUERY_CHARS}
            defaultValue={values.query ?? ""}
            aria-invalid={errors.query ? true : undefined}
          />
        </label>
        <button type="submit" className="btn-secondary" disabled={pending}>
          <Search className="size-4" aria-hidden />
          Search
        </button>
      </Form>
      {errors.query ? <p className="mt-1 text-sm text-red-700">{errors.query}</p> : null}
      {found ? (
        <div className="mt-4">
          <div className="flex items-center justify-between gap-2">
            <p className="text-sm text-slate-700" aria-live="polite">
              {found.results.length === 0 ? `No translations match “${found.query}”.` : `${found.results.length} found for “${found.query}”`}
            </p>
            <button type="button" className="btn-secondary" onClick={() => setDismissed(found)}>
              Close search
            </button>
          </div>
          {found.results.length ? <EntryList label="Search results" records={found.results} onLoad={onLoad} /> : null}
        </div>
      ) : null}
    </div>
  );
}

function ClearAll({ empty }: { empty: boolean }) {
  const { Form, formProps, intent, pending, notice } = useFormAction<{ cleared: number }>({
    intent: HISTORY_INTENTS.clear,
    success: ({ cleared }) => ({
      title: "History cleared",
      description: `${cleared === 1 ? "1 translation was" : `${cleared} translations were`} deleted.`,
    }),
  });
  return (
    <Form {...formProps} aria-label="Clear all history" className="mt-6 flex flex-wrap items-center gap-3">
      <IntentField intent={intent} />
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" name="confirm" required />
        Yes, delete all my translations, starred ones too
      </label>
      <button type="submit" className="btn-secondary" disabled={pending || empty}>
        <Trash2 className="size-4" aria-hidden />
        Clear all history
      </button>
      <FormNotice notice={notice} />
    </Form>
  );
}

type Props = {
  history: TranslationRecord[] | null;
  favourites: TranslationRecord[];
  saveHistory: boolean;
  onLoad: (record: TranslationRecord) => void;
};

export function HistoryPanel({ history, favourites, saveHistory, onLoad }: Props) {
  return (
    <div className="mt-12">
      <h2 className="text-xl font-semibold text-slate-900">Your history</h2>
      <p className="mt-1 text-sm text-slate-500">Only you can view your history.</p>
      <div className="mt-4">
        <SaveHistoryToggle saveHistory={saveHistory} />
      </div>
      <HistorySearch onLoad={onLoad} />
      {favourites.length ? (
        <>
          <h3 className="mt-8 text-lg font-semibold text-slate-900">Starred</h3>
          <EntryList label="Starred translations" records={favourites} onLoad={onLoad} />
        </>
      ) : null}
      <h3 className="mt-8 text-lg font-semibold text-slate-900">Recent translations</h3>
      {history === null ? (
        <p className="mt-4 text-slate-500">Loading…</p>
      ) : history.length === 0 ? (
        <p className="mt-4 text-slate-500">No translations yet.</p>
      ) : (
        <EntryList label="Recent translations" records={history} onLoad={onLoad} />
      )}
      {/* Always there, so that its answer shows once the history is empty. */}
      <ClearAll empty={!history?.length && !favourites.length} />
    </div>
  );
}
