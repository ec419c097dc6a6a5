// Rename, archive and delete of the open conversation (docs/product.md#ai-chat), on the conversations store. The
// other tabs hear of each change through the user's hub.
import { useCallback } from "react";
import { apiRequest, errorMessage } from "~/lib/api";
import { notify } from "~/lib/toast";
import type { ConversationSummary } from "@core/schemas/chat";
import { upsertConversation } from "./conversation-list";
import type { ConversationsStore } from "./conversations-store";

export function useConversationActions(store: ConversationsStore, newChat: () => void) {
  const { selectedRef, conversations, setConversations, forget } = store;

  const rename = useCallback(
    async (title: string) => {
      const id = selectedRef.current;
      const existing = conversations?.find((item) => item.id === id);
      const trimmed = title.trim();
      // docs/product.md#ai-chat: an empty or unchanged title does nothing.
      if (!id || !trimmed || trimmed === existing?.title) return true;
      try {
        const result = await apiRequest<{ conversation?: ConversationSummary }>(`/conversations/${encodeURIComponent(id)}`, {
          method: "PATCH",
          json: { title: trimmed },
        });
        const updated = result?.conversation ?? (existing ? { ...existing, title: trimmed } : undefined);
        if (updated) setConversations((list) => (list ? upsertConversation(list, updated) : list));
        return true;
      } catch (error) {
        notify("error", "Rename failed", error instanceof Error && error.message ? error.message : "Please try again");
        return false;
      }
    },
    [selectedRef, conversations, setConversations],
  );

  const archive = useCallback(async () => {
    const id = selectedRef.current;
    if (!id) return;
    try {
      await apiRequest(`/conversations/${encodeURIComponent(id)}`, { method: "PATCH", json: { archived: true } });
      forget(id);
      if (selectedRef.current === id) newChat();
      notify("success", "Conversation archived", "It no longer appears in your list.");
    } catch (error) {
      notify("error", "Archive failed", errorMessage(error));
    }
  }, [selectedRef, forget, newChat]);

  const remove = useCallback(async () => {
    const id = selectedRef.current;
    if (!id) return false;
    try {
      await apiRequest(`/conversations/${encodeURIComponent(id)}`, { method: "DELETE" });
      forget(id);
      if (selectedRef.current === id) newChat();
      notify("success", "Conversation deleted", "Its messages are gone for good.");
      return true;
    } catch (error) {
      notify("error", "Delete failed", errorMessage(error));
      return false;
    }
  }, [selectedRef, forget, newChat]);

  return { rename, archive, remove };
}
