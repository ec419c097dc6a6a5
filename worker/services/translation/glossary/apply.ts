// Applying a glossary to one translation (docs/decisions/0020-translator-controls.md). The LLM engine gets the terms
// found in the text as hard constraints in its prompt. Apertium and Workers AI get the text with each term replaced by
// a placeholder (⟦0⟧, ⟦1⟧, …: APY passes them through untouched, on direct pairs and chains alike), and the term's
// translation is put where its placeholder comes back.
import type { GlossaryEntry } from "@core/schemas/glossary";
import type { TranslateRequest, TranslationEngine } from "../types";

const PLACEHOLDER = /⟦\s*(\d+)\s*⟧/g;
const BRACKETS = /[⟦⟧]/;

function escapeForRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** One pattern for all the terms, longest first (so "New York City" wins over "New York"), whole words only. */
function termPattern(entries: readonly GlossaryEntry[]) {
  const alternatives = [...entries].sort((a, b) => b.term.length - a.term.length).map(({ term }) => escapeForRegExp(term));
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join("|")})(?![\\p{L}\\p{N}])`, "giu");
}

/** The entries whose term occurs in the text as a whole word or phrase (ignoring case). */
export function termsInText(entries: readonly GlossaryEntry[], text: string): GlossaryEntry[] {
  if (!entries.length) return [];
  const found = new Set((text.match(termPattern(entries)) ?? []).map((match) => match.toLocaleLowerCase()));
  return entries.filter(({ term }) => found.has(term.toLocaleLowerCase()));
}

/** The text with every occurrence of a term replaced by its entry's placeholder. */
export function protectTerms(text: string, entries: readonly GlossaryEntry[]): string {
  const index = new Map(entries.map(({ term }, position) => [term.toLocaleLowerCase(), position]));
  return text.replace(termPattern(entries), (match) => `⟦${index.get(match.toLocaleLowerCase())}⟧`);
}

/** The output with each placeholder replaced by its entry's translation, or null when one of them was lost. */
export function restoreTerms(output: string, entries: readonly GlossaryEntry[]): string | null {
  const returned = new Set<number>();
  const restored = output.replace(PLACEHOLDER, (whole, digits: string) => {
    const entry = entries[Number(digits)];
    if (!entry) return whole;
    returned.add(Number(digits));
    return entry.translation;
  });
  return returned.size === entries.length ? restored : null;
}

export type GlossaryOutcome = { output: string; applied: GlossaryEntry[] };

/** The entries whose translation the LLM's output carries (what the "glossary applied" note can honestly say). */
function carried(output: string, entries: readonly GlossaryEntry[]) {
  const lower = output.toLocaleLowerCase();
  return entries.filter(({ translation }) => lower.includes(translation.toLocaleLowerCase()));
}

/** Translates with the terms found in the text; says which terms the output follows. */
export async function translateWithGlossary(
  engine: TranslationEngine,
  request: TranslateRequest,
  terms: readonly GlossaryEntry[],
): Promise<GlossaryOutcome> {
  if (!terms.length) return { output: await engine.translate(request), applied: [] };
  if (engine.glossaryInPrompt) {
    const output = await engine.translate({ ...request, glossary: terms });
    return { output, applied: carried(output, terms) };
  }
  // Text that already holds the placeholder brackets cannot be protected safely: translated as it is.
  if (BRACKETS.test(request.text)) return { output: await engine.translate(request), applied: [] };
  const restored = restoreTerms(await engine.translate({ ...request, text: protectTerms(request.text, terms) }), terms);
  if (restored !== null) return { output: restored, applied: [...terms] };
  // The engine dropped a placeholder: a translation without the glossary beats one with a word missing.
  return { output: await engine.translate(request), applied: [] };
}
