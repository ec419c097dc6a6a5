// The chat's search, export, pins and cited sources (docs/product.md#ai-chat, docs/decisions/0024-chat-search-sources-pins.md):
// the requests the server validates and the shapes of its answers.
import * as z from "zod/mini";

/** One numbered web result an answer was given; the answer cites it as [n]. */
export type WebSource = { n: number; title: string; url: string };

export const MAX_SOURCES = 10;
const SOURCE_TITLE_MAX_CHARS = 300;
const SOURCE_URL_MAX_CHARS = 2000;

export const webSourceSchema = z.object({
  n: z.number().check(z.int(), z.minimum(1), z.maximum(MAX_SOURCES)),
  title: z.string().check(z.maxLength(SOURCE_TITLE_MAX_CHARS)),
  url: z.string().check(
    z.maxLength(SOURCE_URL_MAX_CHARS),
    z.refine((url) => /^https?:\/\//i.test(url), "A source must be an http(s) address."),
  ),
});
export const webSourcesSchema = z.array(webSourceSchema).check(z.maxLength(MAX_SOURCES));

/**
 * The pre-pass's results, numbered as the prompt numbers them (worker/services/ai/search.ts formatResults). A result
 * that is not an http(s) address keeps its number but is not kept as a source, so nothing links to it.
 */
export function numberSources(results: readonly { title: string; url: string }[]): WebSource[] {
  return results
    .slice(0, MAX_SOURCES)
    .map(({ title, url }, index) => ({ n: index + 1, title: title.slice(0, SOURCE_TITLE_MAX_CHARS), url }))
    .filter((source) => webSourceSchema.safeParse(source).success);
}

export const SEARCH_MIN_CHARS = 1;
export const SEARCH_MAX_CHARS = 200;
export const SEARCH_RESULTS_LIMIT = 30;

/** POST /api/conversations/search: the query travels in the body, never in the URL. */
export const conversationSearchSchema = z.object({
  query: z.string().check(
    z.refine((text) => text.trim().length >= SEARCH_MIN_CHARS, "Please type something to search for."),
    z.maxLength(SEARCH_MAX_CHARS, `Searches can be at most ${SEARCH_MAX_CHARS} characters.`),
  ),
});

/** One conversation that matched: where (title, a message, or both) and a short excerpt of the first matching message. */
export type ConversationSearchHit = {
  id: string;
  title: string;
  archived: boolean;
  pinned: boolean;
  updatedAt: number;
  titleMatches: boolean;
  /** Around the first match in a message, or null when only the title matched. */
  excerpt: string | null;
};

export const EXPORT_FORMATS = ["markdown", "json"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
