// How the inbox names things: kinds, statuses, languages and times, the same in the list and in a thread.
import { languageLabel } from "@core/languages";
import type { InboxStatus } from "@core/schemas/inbox";

export const STATUS_LABELS: Record<InboxStatus, string> = { open: "Open", answered: "Answered", closed: "Closed" };

export const STATUS_STYLES: Record<InboxStatus, string> = {
  open: "bg-amber-100 text-amber-900",
  answered: "bg-emerald-100 text-emerald-900",
  closed: "bg-slate-200 text-slate-800",
};

export const languageName = (code: string | null) => (code ? languageLabel(code) : "Language not known yet");

export const senderName = (thread: { name: string | null; email: string | null }) => thread.name || thread.email || "Anonymous visitor";
