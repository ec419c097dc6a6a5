// The single-line message input with its send button (docs/product.md#ai-chat): Enter sends, Shift+Enter does not;
// a blank message is not sent and nothing is sent while busy. While an answer streams, Stop (or Escape) ends it.
import { Loader2, SendHorizontal, Square } from "lucide-react";
import { useEffect, useId, useRef, type RefObject } from "react";
import { chat } from "~/content/chat";
import { MAX_MESSAGE_CHARS } from "@core/schemas/chat";

type Props = {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  onStop: () => void;
  busy: boolean;
  stopping: boolean;
  disabled: boolean;
  inputRef: RefObject<HTMLInputElement | null>;
};

export function Composer({ value, onChange, onSend, onStop, busy, stopping, disabled, inputRef }: Props) {
  const inputId = useId();
  const blank = value.trim().length === 0;
  const shownBusy = useRef(busy);

  // Send and Stop swap places: when the button that had focus goes away, focus returns to the input.
  useEffect(() => {
    if (shownBusy.current === busy) return;
    shownBusy.current = busy;
    const active = document.activeElement;
    if (!active || active === document.body) inputRef.current?.focus();
  }, [busy, inputRef]);

  return (
    <form
      method="post"
      // Sticky from sm up: however tall the options above grow (a disclaimer, a hint), the message box stays on screen.
      className="flex items-end gap-2 sm:sticky sm:bottom-0 sm:z-10 sm:bg-white/95 sm:py-1"
      onSubmit={(event) => {
        event.preventDefault();
        onSend();
      }}
    >
      <div className="min-w-0 flex-1">
        <label htmlFor={inputId} className="sr-only">
          Message
        </label>
        <input
          ref={inputRef}
          id={inputId}
          type="text"
          dir="auto"
          autoComplete="off"
          enterKeyHint="send"
          className="input"
          placeholder={chat.inputPlaceholder}
          value={value}
          maxLength={MAX_MESSAGE_CHARS}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Escape" && busy) {
              event.preventDefault();
              onStop();
              return;
            }
            if (event.key !== "Enter" || event.nativeEvent.isComposing) return;
            // Shift+Enter does not send (and, in this single-line input, does nothing else either).
            event.preventDefault();
            if (!event.shiftKey) onSend();
          }}
        />
      </div>
      {busy ? (
        <button type="button" className="btn-secondary shrink-0" onClick={onStop} disabled={stopping}>
          {stopping ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <Square className="size-4 fill-current" aria-hidden />}
          Stop
        </button>
      ) : (
        <button type="submit" className="btn-primary shrink-0" disabled={disabled || blank}>
          <SendHorizontal className="size-4" aria-hidden />
          Send
        </button>
      )}
    </form>
  );
}
