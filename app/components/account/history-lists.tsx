// The three lists of the account page (docs/product.md#account-page). Each reads its own /api/account route when
// its tab is first shown: "Loading…" until then, its rows, or its empty message. A failed read shows the
// empty message (docs/product.md#account-page): the page never breaks because one list could not load.
import { Archive, ChevronRight } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { formatDate } from "@core/format";
import { fetchHistory, type HistoryItems, type HistoryKind } from "~/lib/account-client";
import type { AiHistoryItem, BlogHistoryItem, TranslationHistoryItem } from "@core/schemas/account";

type ListState<T> = { status: "loading" } | { status: "ready"; items: T[] };

/** Loads one list the first time `enabled` is true, and keeps it for the rest of the visit. */
export function useHistory<K extends HistoryKind>(kind: K, enabled: boolean): ListState<HistoryItems[K]> {
  const [state, setState] = useState<ListState<HistoryItems[K]>>({ status: "loading" });
  const [requested, setRequested] = useState(false);
  useEffect(() => {
    if (enabled && !requested) setRequested(true);
  }, [enabled, requested]);
  useEffect(() => {
    if (!requested) return;
    const controller = new AbortController();
    fetchHistory(kind, controller.signal).then(
      (items) => setState({ status: "ready", items }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn(`Could not load the ${kind} history`, error);
        setState({ status: "ready", items: [] });
      },
    );
    return () => controller.abort();
  }, [kind, requested]);
  return state;
}

let languageNames: Intl.DisplayNames | null | undefined;

/**
 * "Spanish" for "es": the browser's own names, so the 600-language catalogue is not loaded for a label. Made at the
 * first label, not when the page loads: a first Intl object loads ICU's data
 * (docs/decisions/0029-lighthouse-and-social-images.md).
 */
function languageName(code: string) {
  languageNames ??= typeof Intl.DisplayNames === "function" ? new Intl.DisplayNames(["en"], { type: "language", fallback: "code" }) : null;
  try {
    return languageNames?.of(code) ?? code;
  } catch {
    return code;
  }
}

function Loading() {
  return (
    <p role="status" className="py-8 text-center text-slate-600">
      Loading…
    </p>
  );
}

function Empty({ message, link }: { message: string; link: { to: string; label: string } }) {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-slate-50 px-6 py-12 text-center">
      <p className="text-slate-700">{message}</p>
      <Link to={link.to} className="btn-secondary mt-4">
        {link.label}
      </Link>
    </div>
  );
}

function Footer({ to, label }: { to: string; label: string }) {
  return (
    <p className="mt-6">
      <Link to={to} className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:text-brand-900">
        {label}
        <ChevronRight className="size-4" aria-hidden />
      </Link>
    </p>
  );
}

const listClass = "divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white";

export function AiHistoryList({ active }: { active: boolean }) {
  const state = useHistory("ai", active);
  if (state.status === "loading") return <Loading />;
  if (state.items.length === 0) return <Empty message="No conversations yet." link={{ to: "/ai", label: "Start a conversation" }} />;
  return (
    <>
      <ul className={listClass} aria-label="Your conversations">
        {state.items.map((item: AiHistoryItem) => (
          <li key={item.id}>
            <Link
              to={`/ai?c=${encodeURIComponent(item.id)}`}
              className="flex items-start gap-3 px-4 py-4 hover:bg-slate-50 focus-visible:bg-slate-50 sm:px-5"
            >
              <span className="min-w-0 flex-1">
                <span className="flex flex-wrap items-center gap-2">
                  <span className="font-medium break-words text-slate-900" dir="auto">
                    {item.title}
                  </span>
                  {item.archived && (
                    <span className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600">
                      <Archive className="size-3" aria-hidden />
                      Archived
                    </span>
                  )}
                </span>
                {item.preview && (
                  <span className="mt-1 block text-sm break-words text-slate-600" dir="auto">
                    {item.preview}
                  </span>
                )}
                <span className="mt-1 block text-xs text-slate-500">Updated {formatDate(item.updatedAt)}</span>
              </span>
              <ChevronRight className="mt-1 size-4 shrink-0 text-slate-400" aria-hidden />
            </Link>
          </li>
        ))}
      </ul>
      <Footer to="/ai" label="Open AI Chat" />
    </>
  );
}

export function TranslationHistoryList({ active }: { active: boolean }) {
  const state = useHistory("translations", active);
  if (state.status === "loading") return <Loading />;
  if (state.items.length === 0) return <Empty message="No translations yet." link={{ to: "/translate", label: "Open the translator" }} />;
  return (
    <>
      <ul className={listClass} aria-label="Your translations">
        {state.items.map((item: TranslationHistoryItem) => (
          <li key={item.id} className="px-4 py-4 sm:px-5">
            <p className="text-xs font-medium text-slate-500">
              {languageName(item.detectedLang ?? item.sourceLang)} → {languageName(item.targetLang)} · {formatDate(item.createdAt)}
            </p>
            <p className="mt-1 break-words text-slate-900" dir="auto">
              {item.inputPreview}
            </p>
            <p className="mt-1 text-sm break-words text-slate-600" dir="auto">
              {item.outputPreview}
            </p>
          </li>
        ))}
      </ul>
      <Footer to="/translate" label="Open the translator" />
    </>
  );
}

function BlogRow({ item }: { item: BlogHistoryItem }) {
  if (item.kind === "comment") {
    return (
      <li className="px-4 py-4 sm:px-5">
        <p className="text-xs font-medium text-slate-500">Comment · {formatDate(item.createdAt)}</p>
        <p className="mt-1 text-slate-900">
          On{" "}
          <Link to={`/blog/${item.slug}`} className="font-medium text-brand-700 underline-offset-2 hover:underline">
            {item.postTitle}
          </Link>
        </p>
        <p className="mt-1 text-sm break-words text-slate-600" dir="auto">
          {item.preview}
        </p>
      </li>
    );
  }
  return (
    <li className="px-4 py-4 sm:px-5">
      <p className="text-xs font-medium text-slate-500">Post · {formatDate(item.createdAt)}</p>
      <p className="mt-1">
        <Link to={`/blog/${item.slug}`} className="font-medium text-brand-700 underline-offset-2 hover:underline">
          {item.title}
        </Link>
      </p>
      <p className="mt-1 text-sm text-slate-600">Published: {item.published ? "Yes" : "No"}</p>
    </li>
  );
}

export function BlogHistoryList({ active }: { active: boolean }) {
  const state = useHistory("blog", active);
  if (state.status === "loading") return <Loading />;
  if (state.items.length === 0) return <Empty message="No entries yet." link={{ to: "/blog", label: "Read the blog" }} />;
  return (
    <>
      <ul className={listClass} aria-label="Your blog responses">
        {state.items.map((item) => (
          <BlogRow key={`${item.kind}-${item.id}`} item={item} />
        ))}
      </ul>
      <Footer to="/blog" label="Read the blog" />
    </>
  );
}
