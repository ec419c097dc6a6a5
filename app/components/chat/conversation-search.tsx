// Search across the user's conversations from the picker (docs/product.md#ai-chat): titles and message text. The
// query is posted (POST /api/conversations/search), never put in a URL. Results list each conversation with where
// it matched; choosing one opens it.
import { Loader2, Search, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { apiRequest, errorMessage } from "~/lib/api";
import { SEARCH_MAX_CHARS, type ConversationSearchHit } from "@core/schemas/chat-features";

/** Searching waits for a pause in typing. */
const SEARCH_DELAY_MS = 250;

type Props = { disabled: boolean; onOpen: (hit: ConversationSearchHit) => void };

export function ConversationSearch({ disabled, onOpen }: Props) {
  const inputId = useId();
  const [query, setQuery] = useState("");
  const [results, setResults] = useState<ConversationSearchHit[] | null>(null);
  const [searching, setSearching] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const latest = useRef(0);

  async function run(text: string) {
    const request = ++latest.current;
    if (!text.trim()) {
      setResults(null);
      setFailure(null);
      setSearching(false);
      return;
    }
    setSearching(true);
    try {
      const answer = await apiRequest<{ results: ConversationSearchHit[] }>("/conversations/search", { json: { query: text } });
      if (request !== latest.current) return;
      setResults(answer.results);
      setFailure(null);
    } catch (error) {
      if (request !== latest.current) return;
      setFailure(errorMessage(error));
    } finally {
      if (request === latest.current) setSearching(false);
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: each change of the query is what schedules a search
  useEffect(() => {
    const timer = setTimeout(() => void run(query), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query]);

  const clear = () => {
    setQuery("");
    void run("");
  };

  return (
    <div className="relative">
      {/* No form: the search runs as the user types (and at once on Enter); like the rest of the chat it needs
          JavaScript, and an input outside a form posts nothing anywhere without it. */}
      <search aria-label="Search conversations" className="relative block">
        <label htmlFor={inputId} className="sr-only">
          Search conversations
        </label>
        <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500" aria-hidden />
        <input
          id={inputId}
          type="search"
          className="input pl-9 pr-9"
          placeholder="Search your conversations"
          autoComplete="off"
          maxLength={SEARCH_MAX_CHARS}
          value={query}
          disabled={disabled}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Escape" && query) {
              event.preventDefault();
              clear();
            } else if (event.key === "Enter" && !event.nativeEvent.isComposing) {
              event.preventDefault();
              void run(query);
            }
          }}
        />
        {searching ? <Loader2 className="absolute right-3 top-1/2 size-4 -translate-y-1/2 animate-spin text-slate-500" aria-hidden /> : null}
      </search>
      <div aria-live="polite" className="sr-only">
        {results ? `${results.length} ${results.length === 1 ? "conversation" : "conversations"} found` : ""}
      </div>
      {failure ? <p className="mt-2 text-sm text-red-700">{failure}</p> : null}
      {results ? (
        <div className="absolute inset-x-0 top-full z-30 mt-2 rounded-2xl border border-slate-200 bg-white p-2 shadow-xl">
          <div className="flex items-center justify-between px-2 pb-1">
            <p className="text-xs font-medium text-slate-600">{results.length === 0 ? "No conversation matches." : "Matching conversations"}</p>
            <button type="button" className="rounded-full p-1 text-slate-500 hover:bg-slate-100" onClick={clear} aria-label="Close search results">
              <X className="size-4" aria-hidden />
            </button>
          </div>
          {results.length > 0 ? (
            <ul className="flex max-h-64 flex-col overflow-y-auto" aria-label="Search results">
              {results.map((hit) => (
                <li key={hit.id}>
                  <button
                    type="button"
                    className="w-full rounded-xl px-2 py-1.5 text-left hover:bg-slate-100 focus-visible:bg-slate-100"
                    onClick={() => {
                      onOpen(hit);
                      clear();
                    }}
                  >
                    <span className="block truncate text-sm font-medium text-slate-900">
                      {hit.title || "Untitled conversation"}
                      {hit.archived ? <span className="ml-2 text-xs font-normal text-slate-600">(archived)</span> : null}
                    </span>
                    {hit.excerpt ? <span className="block truncate text-xs text-slate-600">{hit.excerpt}</span> : null}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
