// Formality (docs/product.md#translator): formal, informal or automatic address. Shown only when the target language
// has the distinction and the server has an engine that honours it (the LLM engine); otherwise nothing is posted.
import { FORMALITIES, type Formality, hasFormality } from "@core/languages/formality";

const LABELS: Record<Formality, string> = { auto: "Automatic", formal: "Formal", informal: "Informal" };

export function formalityShown(available: boolean, target: string) {
  return available && hasFormality(target);
}

export function FormalityChoice({ value, onChange }: { value: Formality; onChange: (value: Formality) => void }) {
  return (
    <label className="flex items-center gap-2 text-sm text-slate-700">
      Formality
      <select name="formality" className="input w-auto py-1" value={value} onChange={(event) => onChange(event.target.value as Formality)}>
        {FORMALITIES.map((option) => (
          <option key={option} value={option}>
            {LABELS[option]}
          </option>
        ))}
      </select>
    </label>
  );
}
