// The archived conversations (docs/product.md#ai-chat): listed in a dialog, each opened (under its title) or
// unarchived, which brings it back to the picker (the realtime hub tells every tab, this one included).
import { ArchiveRestore, Loader2, MessageSquare } from "lucide-react";
import { useEffect, useState } from "react";
import { Modal } from "~/components/ui/modal";
import { apiRequest, errorMessage } from "~/lib/api";
import { notify } from "~/lib/toast";
import type { ConversationSummary } from "@core/schemas/chat";

type Props = { open: boolean; onClose: () => void; onOpenConversation: (conversation: ConversationSummary) => void };

export function ArchivedDialog({ open, onClose, onOpenConversation }: Props) {
  const [list, setList] = useState<ConversationSummary[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [working, setWorking] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setList(null);
    setFailed(null);
    apiRequest<{ conversations: ConversationSummary[] }>("/conversations/archived", { method: "GET" })
      .then((result) => setList(result.conversations))
      .catch((error) => setFailed(errorMessage(error)));
  }, [open]);

  async function unarchive(conversation: ConversationSummary) {
    setWorking(conversation.id);
    try {
      await apiRequest(`/conversations/${encodeURIComponent(conversation.id)}`, { method: "PATCH", json: { archived: false } });
      setList((current) => current?.filter((item) => item.id !== conversation.id) ?? current);
      notify("success", "Conversation unarchived", "It is back in your list.");
    } catch (error) {
      notify("error", "Could not unarchive", errorMessage(error));
    } finally {
      setWorking(null);
    }
  }

  return (
    <Modal open={open} onClose={onClose} title="Archived conversations" className="max-w-lg">
      {failed ? (
        <p className="mt-4 text-sm text-red-700">{failed}</p>
      ) : list === null ? (
        <p className="mt-4 text-sm text-slate-600">Loading…</p>
      ) : list.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">No archived conversations.</p>
      ) : (
        <ul className="mt-4 flex max-h-[60vh] flex-col divide-y divide-slate-200 overflow-y-auto" aria-label="Archived conversations">
          {list.map((conversation) => {
            const title = conversation.title || "Untitled conversation";
            return (
              <li key={conversation.id} className="flex items-center gap-2 py-2">
                <span className="min-w-0 flex-1 truncate text-sm text-slate-900" title={title}>
                  {title}
                </span>
                <button type="button" className="btn-secondary px-3 py-1.5 text-sm" onClick={() => onOpenConversation(conversation)}>
                  <MessageSquare className="size-4" aria-hidden />
                  Open<span className="sr-only"> {title}</span>
                </button>
                <button
                  type="button"
                  className="btn-secondary px-3 py-1.5 text-sm"
                  disabled={working !== null}
                  onClick={() => void unarchive(conversation)}
                >
                  {working === conversation.id ? (
                    <Loader2 className="size-4 animate-spin" aria-hidden />
                  ) : (
                    <ArchiveRestore className="size-4" aria-hidden />
                  )}
                  Unarchive<span className="sr-only"> {title}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </Modal>
  );
}
