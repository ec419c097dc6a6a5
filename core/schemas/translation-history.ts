// The translator's history controls (docs/product.md#translator): saving on or off, favourites, search and clear
// all. A search query is user text: it travels in a POST body, never in a URL (docs/decisions/0020-translator-controls.md).
import * as z from "zod/mini";

export const MAX_HISTORY_QUERY_CHARS = 200;
/** How many matches a search lists (newest first). */
export const HISTORY_SEARCH_LIMIT = 50;
export const QUERY_REQUIRED = "Enter a word or phrase to search for.";

export const historySearchSchema = z.object({
  query: z
    .string({ error: QUERY_REQUIRED })
    .check(
      z.trim(),
      z.minLength(1, QUERY_REQUIRED),
      z.maxLength(MAX_HISTORY_QUERY_CHARS, `Search for at most ${MAX_HISTORY_QUERY_CHARS} characters.`),
    ),
});

export const saveHistorySchema = z.object({ saveHistory: z.boolean() });
export const favouriteSchema = z.object({ favourite: z.boolean() });

/** A checkbox or an on/off field as posted by a form. */
export function onOffField(value: string | undefined): boolean {
  return value === "on" || value === "true" || value === "1";
}

/** The translator page's history forms, as their `intent` names them to the page's action. */
export const HISTORY_INTENTS = {
  search: "history-search",
  favourite: "history-favourite",
  clear: "history-clear",
  saveHistory: "history-saving",
} as const;

export type TranslatorHistorySettings = { saveHistory: boolean };
