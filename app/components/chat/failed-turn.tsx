// A turn whose answer failed (docs/decisions/0023-the-server-owns-the-turn.md): the stored failure under the user's
// message, and Retry, which sends the same turn again.
import { RotateCcw, TriangleAlert } from "lucide-react";

export function FailedTurn({ failure, onRetry, disabled }: { failure: string; onRetry: () => void; disabled: boolean }) {
  return (
    <div className="flex flex-wrap items-center justify-end gap-2 text-sm" data-testid="failed-turn">
      <p className="inline-flex items-center gap-1 text-red-800">
        <TriangleAlert className="size-4" aria-hidden />
        <span>
          Not answered: <span dir="auto">{failure}</span>
        </span>
      </p>
      <button
        type="button"
        onClick={onRetry}
        disabled={disabled}
        className="inline-flex items-center gap-1 rounded-full border border-slate-300 bg-white px-3 py-1 font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-50"
      >
        <RotateCcw className="size-3.5" aria-hidden />
        Retry
      </button>
    </div>
  );
}
