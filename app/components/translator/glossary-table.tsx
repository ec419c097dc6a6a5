// A glossary's small table (docs/product.md#translator): one row per term with a remove button, a row to add a term,
// and CSV import and export. Every form posts to the glossary page's action, with JavaScript or without.
import { Download, Plus, Trash2, Upload } from "lucide-react";
import { FormNotice, IntentField } from "~/components/forms/form-notice";
import { useFormAction } from "~/components/forms/use-form-action";
import { GLOSSARY_INTENTS, type GlossaryRow, MAX_GLOSSARY_TERMS, MAX_TERM_CHARS } from "@core/schemas/glossary";

type Pair = { source: string; target: string };

function PairFields({ pair }: { pair: Pair }) {
  return (
    <>
      <input type="hidden" name="source" value={pair.source} />
      <input type="hidden" name="target" value={pair.target} />
    </>
  );
}

function RemoveTerm({ row, pair }: { row: GlossaryRow; pair: Pair }) {
  const { Form, formProps, intent, pending } = useFormAction({ intent: GLOSSARY_INTENTS.remove });
  return (
    <Form {...formProps}>
      <IntentField intent={intent} />
      <PairFields pair={pair} />
      <input type="hidden" name="id" value={row.id} />
      <button type="submit" className="btn-secondary" aria-label={`Remove ${row.term}`} disabled={pending}>
        <Trash2 className="size-4" aria-hidden />
      </button>
    </Form>
  );
}

function AddTerm({ pair, full }: { pair: Pair; full: boolean }) {
  const { Form, formProps, intent, pending, errors, values, notice } = useFormAction<GlossaryRow>({
    intent: GLOSSARY_INTENTS.add,
    success: (row) => ({ title: "Term added", description: `“${row.term}” is now translated as “${row.translation}”.` }),
  });
  return (
    <Form {...formProps} aria-label="Add a term" className="mt-6 flex flex-col gap-3">
      <IntentField intent={intent} />
      <PairFields pair={pair} />
      <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <label className="flex flex-col gap-1 text-sm text-slate-700">
          Term
          <input
            name="term"
            className="input"
            required
            maxLength={MAX_TERM_CHARS}
            defaultValue={values.term ?? ""}
            aria-invalid={errors.term ? true : undefined}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm text-slate-700">
          Translation
          <input
            name="translation"
            className="input"
            required
            maxLength={MAX_TERM_CHARS}
            defaultValue={values.translation ?? ""}
            aria-invalid={errors.translation ? true : undefined}
          />
        </label>
        <button type="submit" className="btn-primary" disabled={pending || full}>
          <Plus className="size-4" aria-hidden />
          Add term
        </button>
      </div>
      {errors.term || errors.translation ? <p className="text-sm text-red-700">{errors.term ?? errors.translation}</p> : null}
      <FormNotice notice={notice} />
    </Form>
  );
}

function ImportCsv({ pair }: { pair: Pair }) {
  const { Form, formProps, intent, pending, notice } = useFormAction<{ added: number; updated: number }>({
    intent: GLOSSARY_INTENTS.import,
    success: ({ added, updated }) => ({ title: "Glossary imported", description: `${added} added, ${updated} updated.` }),
  });
  return (
    <Form {...formProps} encType="multipart/form-data" aria-label="Import CSV" className="flex flex-wrap items-end gap-3">
      <IntentField intent={intent} />
      <PairFields pair={pair} />
      <label className="flex flex-col gap-1 text-sm text-slate-700">
        CSV file (term, translation)
        <input type="file" name="file" accept=".csv,text/csv" required className="text-sm" />
      </label>
      <button type="submit" className="btn-secondary" disabled={pending}>
        <Upload className="size-4" aria-hidden />
        Import
      </button>
      <FormNotice notice={notice} />
    </Form>
  );
}

export function GlossaryTable({ pair, terms }: { pair: Pair; terms: GlossaryRow[] }) {
  const exportHref = `/translate/glossary.csv?${new URLSearchParams(pair).toString()}`;
  return (
    <div className="card mt-6">
      <p className="text-sm text-slate-600">
        {terms.length} of {MAX_GLOSSARY_TERMS} terms. Terms match whole words, ignoring case.
      </p>
      {terms.length ? (
        <table className="mt-4 w-full text-left text-sm">
          <caption className="sr-only">Glossary terms</caption>
          <thead>
            <tr className="border-b border-slate-200 text-slate-600">
              <th scope="col" className="py-2">
                Term
              </th>
              <th scope="col" className="py-2">
                Translation
              </th>
              <th scope="col" className="py-2">
                <span className="sr-only">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {terms.map((row) => (
              <tr key={row.id} className="border-b border-slate-100">
                <td dir="auto" className="py-2">
                  {row.term}
                </td>
                <td dir="auto" className="py-2">
                  {row.translation}
                </td>
                <td className="py-2 text-right">
                  <RemoveTerm row={row} pair={pair} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="mt-4 text-slate-500">No terms yet for this pair.</p>
      )}
      <AddTerm pair={pair} full={terms.length >= MAX_GLOSSARY_TERMS} />
      <div className="mt-6 flex flex-wrap items-end justify-between gap-4 border-t border-slate-200 pt-4">
        <ImportCsv pair={pair} />
        <a href={exportHref} className="btn-secondary" download>
          <Download className="size-4" aria-hidden />
          Export CSV
        </a>
      </div>
    </div>
  );
}
