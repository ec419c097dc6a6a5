// Glossaries (docs/product.md#translator): per user and language pair, term → translation. The bounds are checked
// on the server (the service) and in the browser alike.
import * as z from "zod/mini";
import { requiredText } from "./common";

/** docs/decisions/0020-translator-controls.md: enough for a project's terminology, small enough for one prompt. */
export const MAX_GLOSSARY_TERMS = 200;
export const MAX_TERM_CHARS = 100;
/** A CSV file of MAX_GLOSSARY_TERMS rows of two MAX_TERM_CHARS cells fits well within this. */
export const MAX_GLOSSARY_CSV_BYTES = 64 * 1024;

export const TERM_REQUIRED = "Enter the term to translate.";
export const TRANSLATION_REQUIRED = "Enter the term's translation.";
export const TERM_TOO_LONG = `A term is at most ${MAX_TERM_CHARS} characters.`;
export const TRANSLATION_TOO_LONG = `A translation is at most ${MAX_TERM_CHARS} characters.`;
export const GLOSSARY_FULL = `A glossary holds at most ${MAX_GLOSSARY_TERMS} terms. Remove some before adding more.`;

export const glossaryTermSchema = z.object({
  term: requiredText(TERM_REQUIRED, MAX_TERM_CHARS, TERM_TOO_LONG),
  translation: requiredText(TRANSLATION_REQUIRED, MAX_TERM_CHARS, TRANSLATION_TOO_LONG),
});
export type GlossaryTermInput = z.output<typeof glossaryTermSchema>;

/** A glossary's language pair (codes are checked against the catalogue by the service). */
export const glossaryPairSchema = z.object({ source: z.string(), target: z.string() });

export type GlossaryEntry = { term: string; translation: string };
export type GlossaryRow = GlossaryEntry & { id: string };

/** The glossary page's forms, as their `intent` names them to its action. */
export const GLOSSARY_INTENTS = { add: "glossary-add", remove: "glossary-remove", import: "glossary-import" } as const;

/** The CSV columns, in the order export writes them and import reads them (a header row is optional). */
export const GLOSSARY_CSV_COLUMNS = ["term", "translation"] as const;
