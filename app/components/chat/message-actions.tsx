// The branch actions under a saved message (docs/product.md#ai-chat, docs/decisions/0026-chat-branches.md): its
// versions (‹ 2 / 3 ›), Edit under the user's messages and Regenerate under answers. Nothing is offered while an
// answer is being written.
import { Pencil, RotateCw } from "lucide-react";
import type { ChatMessage } from "@core/schemas/chat";
import { BranchSwitcher } from "./branch-switcher";
import type { BranchControls } from "./use-branches";

const actionClass =
  "inline-flex items-center gap-1 rounded-full px-2 py-1 text-xs font-medium text-slate-700 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-40";

type Props = { message: ChatMessage; controls: BranchControls; busy: boolean };

export function MessageActions({ message, controls, busy }: Props) {
  const step = controls.places.get(message.id);
  const canRegenerate = message.role === "assistant" && message.status !== "streaming" && message.parentId !== null;
  return (
    <div className={`flex flex-wrap items-center gap-1 ${message.role === "user" ? "justify-end" : ""}`}>
      {step && step.count > 1 ? <BranchSwitcher step={step} controls={controls} disabled={busy} /> : null}
      {message.role === "user" ? (
        <button type="button" className={actionClass} disabled={busy} onClick={() => controls.startEdit(message.id)}>
          <Pencil className="size-3.5" aria-hidden />
          Edit
        </button>
      ) : null}
      {canRegenerate ? (
        <button type="button" className={actionClass} disabled={busy} onClick={() => controls.regenerate(message)}>
          <RotateCw className="size-3.5" aria-hidden />
          Regenerate
        </button>
      ) : null}
    </div>
  );
}
