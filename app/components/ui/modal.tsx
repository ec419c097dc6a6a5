import { X } from "lucide-react";
import { useEffect, useId, useRef } from "react";

type ModalProps = {
  open: boolean;
  onClose: () => void;
  /** While true, Escape, the backdrop and the close button do nothing (e.g. during a request). */
  locked?: boolean;
  title: React.ReactNode;
  description?: React.ReactNode;
  children: React.ReactNode;
  className?: string;
};

/**
 * The one dialog of the site, built on the native <dialog> element: showModal() gives a focus trap,
 * inert background and Escape to close; focus goes back to the trigger when it closes. Body scroll is locked while open.
 */
export function Modal({ open, onClose, locked = false, title, description, children, className = "" }: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog) return;
    // The dialog may be unmounted rather than closed (a lazily mounted dialog is), and the browser returns focus only
    // on close(): so the dialog returns it itself, to whatever had it when the dialog opened (its trigger).
    const trigger = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      if (trigger?.isConnected) trigger.focus();
    };
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const { overflow } = document.body.style;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = overflow;
    };
  }, [open]);

  function requestClose() {
    if (!locked) onClose();
  }

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop is the pointer's way out; the keyboard's is Escape (onCancel) or the Close button
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      className={`m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-950/60 backdrop:backdrop-blur-sm ${className}`}
      onCancel={(event) => {
        // Escape: keep the dialog in React's control.
        event.preventDefault();
        requestClose();
      }}
      onClick={(event) => {
        // A click on the dialog element itself (not its content) is a click on the backdrop.
        if (event.target === event.currentTarget) requestClose();
      }}
    >
      {open && (
        <div className="relative p-6 sm:p-8">
          <button
            type="button"
            className="absolute right-3 top-3 rounded-full p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-40"
            aria-label="Close"
            disabled={locked}
            onClick={requestClose}
          >
            <X className="size-5" aria-hidden />
          </button>
          <h2 id={titleId} className="pr-8 text-xl font-semibold">
            {title}
          </h2>
          {description && (
            <div id={descriptionId} className="mt-2 text-sm text-slate-600">
              {description}
            </div>
          )}
          {children}
        </div>
      )}
    </dialog>
  );
}
