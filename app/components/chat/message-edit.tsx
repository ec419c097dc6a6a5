// Editing a sent message in place (docs/product.md#ai-chat, docs/decisions/0026-chat-branches.md): the text in a box
// where it was, Save & send makes a new version beside it (then its answer), Cancel or Escape puts it back. Focus starts in
// the box and, on Cancel, returns to where it was (the Edit button, or the message box for the ↑ shortcut).
import { useEffect, useId, useRef, useState } from "react";
import { MAX_MESSAGE_CHARS, type ChatMessage } from "@core/schemas/chat";

type Props = { message: ChatMessage; onSubmit: (text: string) => void; onCancel: () => void };

export function MessageEdit({ message, onSubmit, onCancel }: Props) {
  const [text, setText] = useState(message.content);
  const boxId = useId();
  const box = useRef<HTMLTextAreaElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  const blank = text.trim().length === 0;

  useEffect(() => {
    returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    box.current?.focus();
    box.current?.select();
  }, []);

  const cancel = () => {
    onCancel();
    returnTo.current?.focus();
  };
  const submit = () => {
    if (!blank) onSubmit(text);
  };

  return (
    <form
      method="post"
      className="flex w-full max-w-[85%] flex-col gap-2 rounded-2xl border border-brand-300 bg-white p-3"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label htmlFor={boxId} className="text-sm font-medium text-slate-700">
        Edit your message
      </label>
      <textarea
        ref={box}
        id={boxId}
        dir="auto"
        rows={3}
        className="input min-h-20 resize-y"
        value={text}
        maxLength={MAX_MESSAGE_CHARS}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Escape") {
            event.preventDefault();
            cancel();
          } else if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            submit();
          }
        }}
      />
      <div className="flex justify-end gap-2">
        <button type="button" className="btn-secondary" onClick={cancel}>
          Cancel
        </button>
        <button type="submit" className="btn-primary" disabled={blank}>
          Save &amp; send
        </button>
      </div>
    </form>
  );
}
