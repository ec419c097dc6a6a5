// The scrolling message area (docs/product.md#ai-chat): saved messages, the turn in progress, answers streaming in
// other tabs, the thinking indicator, and "Jump to latest" when the reader has scrolled up. With `branches`, the saved
// messages are the active branch, each with its versions, Edit or Regenerate (message-actions.tsx).
import { ArrowDown, Bot, CircleStop, TriangleAlert } from "lucide-react";
import { useCallback, useLayoutEffect, useRef, useState } from "react";
import { AUTO_SCROLL_THRESHOLD_PX, type ChatMessage, type MessageStatus } from "@core/schemas/chat";
import { linkCitations } from "@core/chat/citations";
import { FailedTurn } from "./failed-turn";
import { Markdown } from "./markdown";
import { MessageActions } from "./message-actions";
import { MessageEdit } from "./message-edit";
import { MessageSources } from "./message-sources";
import { stripReasoning } from "@core/reasoning";
import type { BranchControls } from "./use-branches";
import type { LiveStream, PendingTurn } from "./use-chat";

/** One row of the area: a saved message, or a message still being written (here or in another tab). */
type Row = {
  id: string;
  role: ChatMessage["role"];
  content: string;
  status: MessageStatus;
  html?: string;
  thinking?: boolean;
  /** H7: the web sources an answer cites as [n] (message-sources.tsx). */
  sources?: ChatMessage["sources"];
  /** A user message whose answer failed: the message itself, for Retry. */
  failed?: ChatMessage;
  /** A saved message (edit, regenerate and versions act on it). */
  saved?: ChatMessage;
};

type Props = {
  messages: ChatMessage[];
  serverHtml: Record<string, string>;
  liveStreams: LiveStream[];
  pending: PendingTurn | null;
  loading: boolean;
  emptyText: string;
  /** Sends a failed turn again (disabled while a turn runs). */
  onRetry: (message: ChatMessage) => void;
  /** Edit, regenerate and switch branch (use-branches.ts); absent where the list is only shown (the sign-in preview). */
  branches?: BranchControls;
};

export function MessageList({ messages, serverHtml, liveStreams, pending, loading, emptyText, onRetry, branches }: Props) {
  const rows = buildRows(messages, serverHtml, liveStreams, pending, branches?.regenerating ?? false);
  const scrollRef = useRef<HTMLDivElement>(null);
  const followRef = useRef(true);
  const [following, setFollowing] = useState(true);

  const onScroll = useCallback(() => {
    const area = scrollRef.current;
    if (!area) return;
    const near = area.scrollHeight - area.scrollTop - area.clientHeight <= AUTO_SCROLL_THRESHOLD_PX;
    followRef.current = near;
    setFollowing(near);
  }, []);

  const jump = useCallback(() => {
    const area = scrollRef.current;
    if (!area) return;
    followRef.current = true;
    setFollowing(true);
    area.scrollTo({ top: area.scrollHeight });
  }, []);

  // Sending a message means wanting to see the answer: follow again from each new turn.
  const turnId = pending?.turnId;
  useLayoutEffect(() => {
    if (turnId) {
      followRef.current = true;
      setFollowing(true);
    }
  }, [turnId]);

  // After every change of content: stay at the bottom while following (within 64 px of it).
  useLayoutEffect(() => {
    const area = scrollRef.current;
    if (area && followRef.current) area.scrollTop = area.scrollHeight;
  });

  const status = pending
    ? pending.stopping
      ? "Stopping…"
      : !pending.revealed || !stripReasoning(pending.raw)
        ? "Thinking…"
        : "The assistant is answering…"
    : "";

  return (
    <div className="relative">
      <div
        ref={scrollRef}
        onScroll={onScroll}
        role="log"
        aria-label="Messages"
        aria-busy={pending ? true : undefined}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the message list scrolls, and a keyboard can scroll only what it can focus
        tabIndex={0}
        className="h-[55dvh] min-h-72 overflow-y-auto overscroll-contain rounded-2xl border border-slate-200 bg-slate-50/60 p-3 sm:h-[clamp(18rem,calc(100dvh-30rem),60vh)] sm:p-5"
      >
        {rows.length === 0 ? (
          <p className="flex h-full items-center justify-center px-4 text-center text-sm text-slate-500">{loading ? "Loading…" : emptyText}</p>
        ) : (
          <ol className="flex flex-col gap-4">
            {rows.map((row) => (
              <MessageRow key={row.id} row={row} onRetry={onRetry} busy={pending !== null} branches={branches} />
            ))}
          </ol>
        )}
      </div>
      <p className="sr-only" aria-live="polite" role="status">
        {status}
      </p>
      {!following && rows.length > 0 ? (
        <button
          type="button"
          onClick={jump}
          className="absolute bottom-4 left-1/2 inline-flex -translate-x-1/2 items-center gap-1.5 rounded-full bg-slate-900 px-4 py-2 text-sm font-semibold text-white shadow-lg hover:bg-slate-800"
        >
          <ArrowDown className="size-4" aria-hidden />
          Jump to latest
        </button>
      ) : null}
    </div>
  );
}

function buildRows(
  messages: ChatMessage[],
  serverHtml: Record<string, string>,
  liveStreams: LiveStream[],
  pending: PendingTurn | null,
  regenerating: boolean,
): Row[] {
  const live = new Map(liveStreams.map((stream) => [stream.messageId, stream]));
  const rows: Row[] = [];
  for (const message of messages) {
    // This tab's own turn is shown from its stream below, not from the copies the server echoes back.
    if (pending && message.turnId === pending.turnId) continue;
    if (message.role === "system") continue;
    const stream = message.status === "streaming" ? live.get(message.id) : undefined;
    live.delete(message.id);
    const content = message.role === "assistant" ? stripReasoning(stream?.text ?? message.content) : message.content;
    rows.push({
      id: message.id,
      role: message.role,
      content,
      status: message.status,
      html: stream || content !== message.content ? undefined : serverHtml[message.id],
      thinking: message.status === "streaming" && !content,
      sources: message.sources,
      failed: message.role === "user" && message.failure ? message : undefined,
      saved: message,
    });
  }
  // Answers streaming in another tab whose message this tab has not heard of yet.
  for (const stream of live.values()) {
    if (pending && stream.turnId === pending.turnId) continue;
    const content = stripReasoning(stream.text);
    rows.push({ id: stream.messageId, role: "assistant", content, status: "streaming", thinking: !content });
  }
  if (pending) {
    // A regeneration asks a message already shown above.
    if (!regenerating) rows.push({ id: `${pending.turnId}-user`, role: "user", content: pending.userText, status: "complete" });
    const content = pending.revealed ? stripReasoning(pending.raw) : "";
    rows.push({ id: `${pending.turnId}-answer`, role: "assistant", content, status: "streaming", thinking: !content });
  }
  return rows;
}

const STATUS_LABELS: Partial<Record<MessageStatus, { text: string; icon: typeof CircleStop; className: string }>> = {
  stopped: { text: "Stopped", icon: CircleStop, className: "bg-slate-200 text-slate-700" },
  failed: { text: "Interrupted", icon: TriangleAlert, className: "bg-red-100 text-red-800" },
};

type RowProps = { row: Row; onRetry: (message: ChatMessage) => void; busy: boolean; branches: BranchControls | undefined };

function MessageRow({ row, onRetry, busy, branches }: RowProps) {
  const { saved } = row;
  const actions = saved && branches ? <MessageActions message={saved} controls={branches} busy={busy} /> : null;
  if (row.role === "user") {
    const { failed } = row;
    const editing = saved && branches?.editingId === saved.id;
    return (
      <li className="flex flex-col items-end gap-1.5" data-role="user">
        {editing ? (
          <MessageEdit message={saved} onSubmit={(text) => branches.submitEdit(saved, text)} onCancel={branches.cancelEdit} />
        ) : (
          <div dir="auto" className="max-w-[85%] rounded-2xl rounded-br-md bg-brand-600 px-4 py-2.5 whitespace-pre-wrap break-words text-white">
            <span className="sr-only">You: </span>
            {row.content}
          </div>
        )}
        {failed?.failure ? <FailedTurn failure={failed.failure} onRetry={() => onRetry(failed)} disabled={busy} /> : null}
        {editing ? null : actions}
      </li>
    );
  }
  const label = STATUS_LABELS[row.status];
  return (
    <li className="flex gap-2 sm:gap-3" data-role="assistant" data-status={row.status}>
      <span className="mt-1 hidden size-8 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-700 sm:flex" aria-hidden>
        <Bot className="size-4" />
      </span>
      <div className="min-w-0 max-w-full flex-1 rounded-2xl rounded-bl-md border border-slate-200 bg-white px-4 py-3 text-slate-800 shadow-sm sm:max-w-[90%] sm:flex-none">
        <span className="sr-only">Assistant: </span>
        {row.thinking ? (
          <ThinkingIndicator />
        ) : (
          <div dir="auto" data-testid="answer">
            <Markdown markdown={linkCitations(row.content, row.sources)} serverHtml={row.html} />
          </div>
        )}
        {row.sources?.length ? <MessageSources sources={row.sources} /> : null}
        {label ? (
          <p className={`mt-2 inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ${label.className}`}>
            <label.icon className="size-3.5" aria-hidden />
            {label.text}
          </p>
        ) : null}
        {actions}
      </div>
    </li>
  );
}

function ThinkingIndicator() {
  return (
    <p className="flex items-center gap-2 text-sm text-slate-500" data-testid="thinking-indicator">
      <span className="flex gap-1" aria-hidden>
        <span className="size-1.5 animate-bounce rounded-full bg-brand-500 [animation-delay:-0.3s]" />
        <span className="size-1.5 animate-bounce rounded-full bg-brand-500 [animation-delay:-0.15s]" />
        <span className="size-1.5 animate-bounce rounded-full bg-brand-500" />
      </span>
      Thinking…
    </p>
  );
}
