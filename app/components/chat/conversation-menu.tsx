// The conversation's menu (docs/product.md#ai-chat): pin or unpin, download as Markdown or JSON, the archived
// conversations, the keyboard shortcuts. A disclosure: its button says whether it is open, Escape closes it and
// gives focus back to the button, and leaving it with Tab closes it.
import { Archive, Download, Keyboard, MoreHorizontal, Pin, PinOff } from "lucide-react";
import { useId, useRef, useState } from "react";

type Props = {
  selectedId: string | null;
  pinned: boolean;
  disabled: boolean;
  onTogglePin: () => void;
  onShowArchived: () => void;
  onShowShortcuts: () => void;
};

const itemClass =
  "flex w-full items-center gap-2 rounded-xl px-3 py-2 text-left text-sm text-slate-800 hover:bg-slate-100 focus-visible:bg-slate-100 disabled:text-slate-400";

export function ConversationMenu({ selectedId, pinned, disabled, onTogglePin, onShowArchived, onShowShortcuts }: Props) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const exportHref = (format: "markdown" | "json") => `/api/conversations/${encodeURIComponent(selectedId ?? "")}/export?format=${format}`;

  /** Runs an item's action and closes the menu; a dialog it opens gives focus back to the menu's button. */
  const choose = (action: () => void) => () => {
    setOpen(false);
    buttonRef.current?.focus();
    action();
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the wrapper hears the keys of its button and items (Escape closes the menu), as the header's dropdowns do
    <div
      ref={wrapperRef}
      className="relative"
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) {
          event.stopPropagation();
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
      onBlur={(event) => {
        if (!wrapperRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="btn-secondary px-3"
        aria-expanded={open}
        aria-controls={panelId}
        disabled={disabled}
        onClick={() => setOpen(!open)}
        title="More actions"
      >
        <MoreHorizontal className="size-4" aria-hidden />
        <span className="sr-only">More actions</span>
      </button>
      <div id={panelId} hidden={!open} className="absolute right-0 top-full z-40 w-64 pt-2">
        <ul className="rounded-2xl border border-slate-200 bg-white p-2 shadow-xl">
          <li>
            <button type="button" className={itemClass} disabled={!selectedId} onClick={choose(onTogglePin)}>
              {pinned ? <PinOff className="size-4" aria-hidden /> : <Pin className="size-4" aria-hidden />}
              {pinned ? "Unpin conversation" : "Pin conversation"}
            </button>
          </li>
          {selectedId ? (
            <>
              <li>
                <a className={itemClass} href={exportHref("markdown")} download onClick={() => setOpen(false)}>
                  <Download className="size-4" aria-hidden />
                  Download as Markdown
                </a>
              </li>
              <li>
                <a className={itemClass} href={exportHref("json")} download onClick={() => setOpen(false)}>
                  <Download className="size-4" aria-hidden />
                  Download as JSON
                </a>
              </li>
            </>
          ) : null}
          <li>
            <button type="button" className={itemClass} onClick={choose(onShowArchived)}>
              <Archive className="size-4" aria-hidden />
              Archived conversations
            </button>
          </li>
          <li>
            <button type="button" className={itemClass} onClick={choose(onShowShortcuts)}>
              <Keyboard className="size-4" aria-hidden />
              Keyboard shortcuts
              <kbd className="ml-auto rounded border border-slate-300 px-1.5 text-xs text-slate-600">?</kbd>
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
