// The keyboard shortcuts' help (docs/product.md#ai-chat), opened with ? or from the conversation's menu. The site's
// one dialog (components/ui/modal.tsx) traps focus and gives it back to where it was when the dialog closes.
import { Modal } from "~/components/ui/modal";
import { CHAT_SHORTCUTS } from "./use-chat-shortcuts";

const isMac = () => typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);

export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const mac = open && isMac();
  return (
    <Modal open={open} onClose={onClose} title="Keyboard shortcuts" className="max-w-lg">
      <table className="mt-4 w-full text-left text-sm">
        <thead className="sr-only">
          <tr>
            <th scope="col">Keys</th>
            <th scope="col">Action</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {CHAT_SHORTCUTS.map((shortcut) => (
            <tr key={shortcut.action}>
              <td className="whitespace-nowrap py-2 pr-4">
                {(mac ? shortcut.mac : shortcut.keys).map((key, index) => (
                  <span key={key}>
                    {index > 0 ? <span aria-hidden> + </span> : null}
                    <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs text-slate-800">{key}</kbd>
                  </span>
                ))}
              </td>
              <td className="py-2 text-slate-700">{shortcut.action}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="mt-6 flex justify-end">
        <button type="button" className="btn-primary" onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}
