import { formatShortDateTime, isoDate } from "@core/format";
import { Link } from "react-router";
import { INBOX_KIND_LABELS } from "@core/schemas/inbox";
import type { ThreadSummary } from "@worker/services/inbox/threads";
import { languageName, senderName, STATUS_LABELS, STATUS_STYLES } from "./labels";

/** The inbox's threads, newest first: kind, sender, language, status, and the latest message's opening. */
export function ThreadList({ threads, empty }: { threads: ThreadSummary[]; empty: string }) {
  if (!threads.length) return <p className="card mt-4 text-slate-600">{empty}</p>;
  return (
    <ul className="mt-4 divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white" aria-label="Conversations">
      {threads.map((thread) => (
        <li key={thread.id}>
          <Link to={`/studio/inbox/${thread.id}`} className="block px-4 py-3 hover:bg-slate-50 focus-visible:bg-slate-50" data-testid="inbox-thread">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
              {thread.unread && (
                <span className="inline-flex items-center gap-1 font-semibold text-brand-800">
                  <span className="size-2 rounded-full bg-brand-600" aria-hidden />
                  Unread
                </span>
              )}
              <span className="font-semibold text-slate-900">{senderName(thread)}</span>
              <span className="text-slate-700">{INBOX_KIND_LABELS[thread.kind]}</span>
              <span className="text-slate-600">{languageName(thread.language)}</span>
              <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_STYLES[thread.status]}`}>{STATUS_LABELS[thread.status]}</span>
              <time className="ml-auto text-xs text-slate-600" dateTime={isoDate(thread.updatedAt)}>
                {formatShortDateTime(thread.updatedAt)}
              </time>
            </div>
            <p className="mt-1 line-clamp-2 text-sm break-words text-slate-700">{thread.preview || "(no message)"}</p>
          </Link>
        </li>
      ))}
    </ul>
  );
}
