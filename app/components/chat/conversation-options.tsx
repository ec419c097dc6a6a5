// The picker's options with pinned conversations first (docs/product.md#ai-chat), pinning itself, and the title of a
// selected conversation that the picker does not list (an archived one).
import { useCallback, useEffect, useState } from "react";
import { apiRequest, errorMessage } from "~/lib/api";
import { notify } from "~/lib/toast";
import type { ConversationSummary } from "@core/schemas/chat";

const label = (conversation: ConversationSummary) => conversation.title || "Untitled conversation";

/** Pinned ones in their own group, first; the others in the list's order (newest update first). */
export function ConversationOptions({ conversations, pinned }: { conversations: ConversationSummary[] | null; pinned: (id: string) => boolean }) {
  const list = conversations ?? [];
  const pinnedOnes = list.filter((conversation) => pinned(conversation.id));
  const others = list.filter((conversation) => !pinned(conversation.id));
  const options = (items: ConversationSummary[]) =>
    items.map((conversation) => (
      <option key={conversation.id} value={conversation.id}>
        {label(conversation)}
      </option>
    ));
  if (!pinnedOnes.length) return <>{options(others)}</>;
  return (
    <>
      <optgroup label="Pinned">{options(pinnedOnes)}</optgroup>
      {others.length ? <optgroup label="Conversations">{options(others)}</optgroup> : null}
    </>
  );
}

/**
 * Pinning: PATCH { pinned }. The change reaches the list through the realtime hub like any other; until then the
 * server's answer is shown here, so the picker moves at once.
 */
export function usePins(conversations: ConversationSummary[] | null) {
  const [answered, setAnswered] = useState<Record<string, boolean>>({});
  const isPinned = useCallback(
    (id: string) => answered[id] ?? conversations?.find((conversation) => conversation.id === id)?.pinned ?? false,
    [answered, conversations],
  );
  const toggle = useCallback(
    async (id: string) => {
      const pinned = !isPinned(id);
      try {
        const result = await apiRequest<{ conversation: ConversationSummary }>(`/conversations/${encodeURIComponent(id)}`, {
          method: "PATCH",
          json: { pinned },
        });
        setAnswered((current) => ({ ...current, [id]: result.conversation.pinned }));
        notify(
          "success",
          pinned ? "Conversation pinned" : "Conversation unpinned",
          pinned ? "It stays at the top and is kept by automatic deletion." : undefined,
        );
      } catch (error) {
        notify("error", pinned ? "Could not pin" : "Could not unpin", errorMessage(error));
      }
    },
    [isPinned],
  );
  return { isPinned, toggle };
}

/**
 * The title of the selected conversation when the picker does not list it: remembered when it was opened from a
 * search or the archived list, else read from the archived list once.
 */
export function useSelectedTitle(selectedId: string | null, conversations: ConversationSummary[] | null) {
  const [known, setKnown] = useState<Record<string, string>>({});
  const listed = Boolean(selectedId && conversations?.some((conversation) => conversation.id === selectedId));
  const missing = selectedId && conversations && !listed && !(selectedId in known) ? selectedId : null;
  useEffect(() => {
    if (!missing) return;
    let current = true;
    apiRequest<{ conversations: ConversationSummary[] }>("/conversations/archived", { method: "GET" })
      .then(({ conversations: archived }) => {
        const found = archived.find((conversation) => conversation.id === missing);
        if (current && found) setKnown((titles) => ({ ...titles, [found.id]: label(found) }));
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [missing]);
  const remember = useCallback((conversation: { id: string; title: string }) => {
    setKnown((titles) => ({ ...titles, [conversation.id]: conversation.title || "Untitled conversation" }));
  }, []);
  return [selectedId ? (known[selectedId] ?? null) : null, remember] as const;
}
