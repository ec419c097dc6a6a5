// "Edit your last message" (docs/product.md#ai-chat): until answers have branches, editing is sending again, so the
// last message's text goes back into the message box, selected, ready to change and send.
import type { ChatMessage } from "@core/schemas/chat";

/** False when there is nothing to edit, or an answer is still being written. */
export function editLastMessage(
  state: { busy: boolean; messages: ChatMessage[]; setInput: (text: string) => void },
  input: HTMLInputElement | null,
): boolean {
  if (state.busy) return false;
  const last = state.messages.filter((message) => message.role === "user").at(-1);
  if (!last || !input) return false;
  state.setInput(last.content);
  input.focus();
  // After React has put the text in: select it, so typing replaces it and arrows move within it.
  requestAnimationFrame(() => input.setSelectionRange(0, last.content.length));
  return true;
}
