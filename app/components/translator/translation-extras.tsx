// What came with a translation besides its text (docs/product.md#translator): the glossary terms it follows, and
// alternatives to pick from for a short text.
import { BookOpen } from "lucide-react";

type Term = { term: string; translation: string };

export function GlossaryApplied({ terms }: { terms: readonly Term[] | undefined }) {
  if (!terms?.length) return null;
  return (
    <div role="note" aria-label="Glossary applied" className="rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900">
      <p className="flex items-center gap-2 font-medium">
        <BookOpen className="size-4" aria-hidden />
        Glossary applied
      </p>
      <ul className="mt-1 list-inside list-disc">
        {terms.map(({ term, translation }) => (
          <li key={term}>
            <span dir="auto">{term}</span> → <span dir="auto">{translation}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Other ways to say the text; picking one makes it the translation (without JavaScript they are listed to copy). */
export function Alternatives({ items, onPick }: { items: readonly string[] | undefined; onPick?: (text: string) => void }) {
  if (!items?.length) return null;
  return (
    <div className="text-sm">
      <p className="font-medium text-slate-700">Alternatives</p>
      <ul className="mt-2 flex flex-col gap-2" aria-label="Alternatives">
        {items.map((text) => (
          <li key={text}>
            {onPick ? (
              <button type="button" dir="auto" className="btn-secondary w-full justify-start text-left" onClick={() => onPick(text)}>
                {text}
              </button>
            ) : (
              <p dir="auto" className="rounded border border-slate-200 p-2">
                {text}
              </p>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
