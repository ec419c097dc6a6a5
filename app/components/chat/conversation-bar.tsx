// The conversation picker (docs/product.md#ai-chat): New conversation or a saved one (pinned ones first), rename, New
// chat, archive and delete (delete asks first, in the site's native dialog), the conversation's menu (pin, export,
// the archived list, shortcuts) and search.
import { Archive, Loader2, Pencil, Plus, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { Modal } from "~/components/ui/modal";
import type { ConversationSummary } from "@core/schemas/chat";
import { TITLE_MAX_CHARS } from "@core/schemas/chat";
import { ArchivedDialog } from "./archived-dialog";
import { ConversationMenu } from "./conversation-menu";
import { ConversationOptions, usePins, useSelectedTitle } from "./conversation-options";
import { ConversationSearch } from "./conversation-search";

type Props = {
  conversations: ConversationSummary[] | null;
  selectedId: string | null;
  disabled: boolean;
  onSelect: (id: string | null) => void;
  onNewChat: () => void;
  onRename: (title: string) => Promise<boolean>;
  onArchive: () => Promise<void>;
  onDelete: () => Promise<boolean>;
  /** Opens the keyboard shortcuts' help (the screen owns it: ? opens it too). */
  onShowShortcuts: () => void;
};

export function ConversationBar({ conversations, selectedId, disabled, onSelect, onNewChat, onRename, onArchive, onDelete, onShowShortcuts }: Props) {
  const selectId = useId();
  const [dialog, setDialog] = useState<"rename" | "delete" | "archived" | null>(null);
  const [working, setWorking] = useState(false);
  const pins = usePins(conversations);
  const selected = conversations?.find((item) => item.id === selectedId) ?? null;
  // A conversation opened by its link, a search or the archived list, but not in the picker (archived ones are not
  // listed), still shows as selected, under its title.
  const [selectedTitle, rememberTitle] = useSelectedTitle(selectedId, conversations);
  const options = selectedId && conversations && !selected ? [{ id: selectedId, title: selectedTitle ?? "Archived conversation" }] : [];
  const open = (conversation: { id: string; title: string }) => {
    rememberTitle(conversation);
    onSelect(conversation.id);
  };

  // The dialog closes unless the action answers false.
  async function run(action: () => Promise<unknown>) {
    setWorking(true);
    try {
      if ((await action()) !== false) setDialog(null);
    } finally {
      setWorking(false);
    }
  }

  return (
    // On wide screens search sits beside the picker, so that the message box fits the first screen (1280×800).
    <div className="flex flex-col gap-2 lg:flex-row lg:items-end">
      <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          <label htmlFor={selectId} className="label">
            Conversation
          </label>
          <select
            id={selectId}
            className="input truncate"
            value={selectedId ?? ""}
            disabled={disabled}
            onChange={(event) => onSelect(event.target.value || null)}
          >
            <option value="">New conversation</option>
            {options.map((option) => (
              <option key={option.id} value={option.id}>
                {option.title}
              </option>
            ))}
            <ConversationOptions conversations={conversations} pinned={pins.isPinned} />
          </select>
        </div>
        <div className="flex gap-2">
          <button
            type="button"
            className="btn-secondary px-3 sm:px-4"
            disabled={disabled || !selectedId}
            onClick={() => setDialog("rename")}
            title="Rename this conversation"
          >
            <Pencil className="size-4" aria-hidden />
            <span className="sr-only sm:not-sr-only">Rename</span>
          </button>
          <button
            type="button"
            className="btn-secondary px-3 sm:px-4"
            disabled={disabled || !selectedId || working}
            onClick={() => void run(onArchive)}
            title="Archive: hide it from your list"
          >
            <Archive className="size-4" aria-hidden />
            <span className="sr-only sm:not-sr-only">Archive</span>
          </button>
          <button
            type="button"
            className="btn-secondary px-3 sm:px-4"
            disabled={disabled || !selectedId}
            onClick={() => setDialog("delete")}
            title="Delete this conversation"
          >
            <Trash2 className="size-4" aria-hidden />
            <span className="sr-only sm:not-sr-only">Delete</span>
          </button>
          <ConversationMenu
            selectedId={selectedId}
            pinned={selectedId ? pins.isPinned(selectedId) : false}
            disabled={disabled}
            onTogglePin={() => selectedId && void pins.toggle(selectedId)}
            onShowArchived={() => setDialog("archived")}
            onShowShortcuts={onShowShortcuts}
          />
          <button type="button" className="btn-primary ml-auto sm:ml-0" disabled={disabled} onClick={onNewChat}>
            <Plus className="size-4" aria-hidden />
            New chat
          </button>
        </div>
      </div>
      <div className="lg:w-80">
        <ConversationSearch disabled={disabled} onOpen={open} />
      </div>

      <ArchivedDialog
        open={dialog === "archived"}
        onClose={() => setDialog(null)}
        onOpenConversation={(conversation) => {
          setDialog(null);
          open(conversation);
        }}
      />

      <Modal open={dialog === "rename"} onClose={() => setDialog(null)} locked={working} title="Rename conversation">
        <RenameForm
          initialTitle={selected?.title ?? ""}
          working={working}
          onCancel={() => setDialog(null)}
          onSubmit={(title) => void run(() => onRename(title))}
        />
      </Modal>

      <Modal
        open={dialog === "delete"}
        onClose={() => setDialog(null)}
        locked={working}
        title="Delete this conversation?"
        description={
          <>
            <span className="font-medium text-slate-900">{selected?.title || "This conversation"}</span> and all its messages will be deleted. This
            cannot be undone.
          </>
        }
      >
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn-secondary" disabled={working} onClick={() => setDialog(null)}>
            Cancel
          </button>
          <button type="button" className="btn bg-red-600 text-white hover:bg-red-700" disabled={working} onClick={() => void run(onDelete)}>
            {working ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <Trash2 className="size-4" aria-hidden />}
            Delete conversation
          </button>
        </div>
      </Modal>
    </div>
  );
}

/** Mounted each time the dialog opens, so it starts from the current title. */
function RenameForm({
  initialTitle,
  working,
  onCancel,
  onSubmit,
}: {
  initialTitle: string;
  working: boolean;
  onCancel: () => void;
  onSubmit: (title: string) => void;
}) {
  const inputId = useId();
  const [title, setTitle] = useState(initialTitle);
  return (
    <form
      method="post"
      className="mt-4"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(title);
      }}
    >
      <label htmlFor={inputId} className="label">
        Title
      </label>
      <input
        id={inputId}
        className="input"
        dir="auto"
        value={title}
        maxLength={TITLE_MAX_CHARS}
        // biome-ignore lint/a11y/noAutofocus: the form is the body of the rename dialog, and the title is the one thing to edit there
        autoFocus
        onFocus={(event) => event.currentTarget.select()}
        onChange={(event) => setTitle(event.target.value)}
      />
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn-secondary" disabled={working} onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn-primary" disabled={working}>
          {working ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
          Save
        </button>
      </div>
    </form>
  );
}
