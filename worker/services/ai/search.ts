// Web results for the Internet toggle, from a SearXNG-compatible search API (`/search?q=…&format=json`).

export type SearchResult = { title: string; url: string; content: string };

export const SEARCH_RESULTS = 5;
export const SEARCH_TIMEOUT_MS = 5000;
const SNIPPET_MAX_CHARS = 500;

/** The JSON search URL for a query: SEARCH_URL may be the instance's base URL or its /search endpoint. */
export function searchUrl(base: string, query: string): string {
  const url = new URL(base.trim());
  if (!url.pathname.replace(/\/+$/, "").endsWith("/search")) url.pathname = `${url.pathname.replace(/\/+$/, "")}/search`;
  url.searchParams.set("q", query);
  url.searchParams.set("format", "json");
  return url.toString();
}

/** The top results for `query`; throws when the endpoint fails or does not answer within the timeout. */
export async function webSearch(
  base: string,
  query: string,
  { fetcher = (input, init) => fetch(input, init), timeoutMs = SEARCH_TIMEOUT_MS }: { fetcher?: typeof fetch; timeoutMs?: number } = {},
): Promise<SearchResult[]> {
  const response = await fetcher(searchUrl(base, query.slice(0, 500)), {
    headers: { accept: "application/json" },
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) throw new Error(`search answered HTTP ${response.status}`);
  const body = (await response.json()) as { results?: { title?: unknown; url?: unknown; content?: unknown }[] } | null;
  const results: SearchResult[] = [];
  for (const item of body?.results ?? []) {
    if (typeof item?.url !== "string" || !/^https?:\/\//.test(item.url)) continue;
    const title = typeof item.title === "string" && item.title.trim() ? item.title.trim() : item.url;
    const content = typeof item.content === "string" ? item.content.trim().slice(0, SNIPPET_MAX_CHARS) : "";
    results.push({ title, url: item.url, content });
    if (results.length === SEARCH_RESULTS) break;
  }
  return results;
}

/** The results as numbered lines for a prompt: [n] is how the answer cites them (core/chat/citations.ts). */
export function formatResults(results: readonly SearchResult[]): string {
  return results.map((result, index) => `[${index + 1}] ${result.title} — ${result.url}${result.content ? `\n   ${result.content}` : ""}`).join("\n");
}
