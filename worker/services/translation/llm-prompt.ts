// What the LLM engine is told beyond "translate this" (docs/decisions/0020-translator-controls.md): the user's
// glossary terms as hard constraints, the formality of address, and the request for alternatives.
import { hasFormality } from "@core/languages/formality";
import type { TranslateRequest } from "./types";

const FORMALITY_RULES = {
  formal: "Address the reader formally throughout (for example German Sie, French vous, Spanish usted, Japanese keigo).",
  informal: "Address the reader informally throughout (for example German du, French tu, Spanish tú, Japanese plain form).",
} as const;

/** The glossary and formality rules for the system prompt ("" when there are none). */
export function constraintRules({ glossary, formality, target }: TranslateRequest): string {
  const rules: string[] = [];
  if (glossary?.length) {
    const terms = glossary.map(({ term, translation }) => `- ${JSON.stringify(term)} → ${JSON.stringify(translation)}`).join("\n");
    rules.push(
      "Glossary (hard constraints): wherever a term below occurs in the text, translate it exactly as given, with the " +
        `given spelling and capitalisation, adapting only the grammar around it. Never translate these terms otherwise.\n${terms}`,
    );
  }
  if (formality && formality !== "auto" && hasFormality(target)) rules.push(FORMALITY_RULES[formality]);
  return rules.length ? `\n\n${rules.join("\n\n")}` : "";
}

/** The system prompt's last words when alternatives are asked for: a JSON array, so the answer can be read. */
export function alternativesInstruction(count: number): string {
  return (
    `\n\nGive ${count} different good translations of the whole text (different wording or register, the same meaning). ` +
    `Reply with a JSON array of ${count} strings only, for example ["first", "second"].`
  );
}

/** The translations in a model's alternatives answer: a JSON array of strings, possibly wrapped in prose or a code fence. */
export function readAlternatives(content: string, count: number): string[] {
  const start = content.indexOf("[");
  const end = content.lastIndexOf("]");
  if (start < 0 || end <= start) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(content.slice(start, end + 1));
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const seen = new Set<string>();
  const alternatives: string[] = [];
  for (const item of parsed) {
    const text = typeof item === "string" ? item.trim() : "";
    if (!text || seen.has(text)) continue;
    seen.add(text);
    alternatives.push(text);
  }
  return alternatives.slice(0, count);
}
