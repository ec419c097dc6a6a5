// The chat's keyboard shortcuts (docs/product.md#ai-chat), one listener on the window. The screen passes what each
// shortcut does; CHAT_SHORTCUTS lists them for the help dialog, so that the two never disagree.
import { useEffect, useRef } from "react";

export type ChatShortcutActions = {
  newChat: () => void;
  focusInput: () => void;
  /** Ends the running answer; false when none runs (the key then does what it otherwise would). */
  stop: () => boolean;
  /** Edits the last message sent; false when there is none. */
  editLast: () => boolean;
  showHelp: () => void;
};

export const CHAT_SHORTCUTS = [
  { keys: ["Ctrl", "Shift", "O"], mac: ["⌘", "Shift", "O"], action: "New chat" },
  { keys: ["Shift", "Esc"], mac: ["Shift", "Esc"], action: "Focus the message box" },
  { keys: ["/"], mac: ["/"], action: "Focus the message box (outside a text field)" },
  { keys: ["Esc"], mac: ["Esc"], action: "Stop the answer being written" },
  { keys: ["↑"], mac: ["↑"], action: "Edit your last message in place (in an empty message box)" },
  { keys: ["?"], mac: ["?"], action: "Show these shortcuts (outside a text field)" },
] as const;

/** Whether typing in `target` would type text (where plain keys such as ? and / must keep their meaning). */
function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !["checkbox", "radio", "button", "submit", "reset"].includes(target.type);
}

/** Whether a modal dialog is open: its own keys (Escape closes it) come first. */
const dialogOpen = () => Boolean(document.querySelector("dialog[open]"));

/**
 * Listens while `enabled`. `messageInput` is the composer's input: ↑ there, while it is empty, edits the last
 * message. The actions may change on every render; the listener always calls the latest.
 */
export function useChatShortcuts(enabled: boolean, messageInput: () => HTMLInputElement | HTMLTextAreaElement | null, actions: ChatShortcutActions) {
  const latest = useRef(actions);
  latest.current = actions;
  const inputRef = useRef(messageInput);
  inputRef.current = messageInput;

  useEffect(() => {
    if (!enabled) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.isComposing || dialogOpen()) return;
      const run = latest.current;
      const command = event.ctrlKey || event.metaKey;
      const key = event.key.toLowerCase();
      const handled = (() => {
        if (command && event.shiftKey && !event.altKey && key === "o") {
          run.newChat();
          return true;
        }
        if (event.key === "Escape" && event.shiftKey && !command) {
          run.focusInput();
          return true;
        }
        if (event.key === "Escape" && !event.shiftKey && !command) return run.stop();
        if (event.altKey || command) return false;
        const input = inputRef.current();
        if (event.key === "ArrowUp" && !event.shiftKey && event.target === input && input && !input.value) return run.editLast();
        if (isTextField(event.target)) return false;
        if (event.key === "?") {
          run.showHelp();
          return true;
        }
        if (event.key === "/") {
          run.focusInput();
          return true;
        }
        return false;
      })();
      if (handled) event.preventDefault();
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [enabled]);
}
