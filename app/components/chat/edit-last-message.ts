// "Edit your last message" (docs/product.md#ai-chat): ↑ in the empty message box opens the in-place edit of the last
// message the user sent in the branch shown (message-edit.tsx), as its Edit button does.
import type { ChatMessage } from "@core/schemas/chat";

/** False when there is nothing to edit, or an answer is still being written. */
export function editLastMessage(state: {
  busy: boolean;
  lastUserMessage: ChatMessage | null;
  /** Absent in a temporary chat, whose messages have no versions. */
  branches: { startEdit: (messageId: string) => void } | undefined;
}): boolean {
  if (state.busy || !state.lastUserMessage || !state.branches) return false;
  state.branches.startEdit(state.lastUserMessage.id);
  return true;
}
