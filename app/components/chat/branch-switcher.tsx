// The ‹ 2 / 3 › control of a message that has other versions (docs/product.md#ai-chat, docs/decisions/0026-chat-branches.md):
// Previous and Next make a sibling's branch the active one. Switching shows another message in this place, so the
// new row's control takes the focus back from the keyboard (or the other button, at either end).
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useEffect, useRef } from "react";
import type { BranchStep } from "@core/chat/branches";
import type { ChatMessage } from "@core/schemas/chat";
import type { BranchControls } from "./use-branches";

const buttonClass =
  "inline-flex size-7 items-center justify-center rounded-full text-slate-700 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-40 disabled:hover:bg-transparent";

export function BranchSwitcher({ step, controls, disabled }: { step: BranchStep<ChatMessage>; controls: BranchControls; disabled: boolean }) {
  const { message, index, count, siblings } = step;
  const previous = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const first = index <= 1;
  const last = index >= count;

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when this version is shown after a switch
  useEffect(() => {
    const direction = controls.takeFocus(message.id);
    if (direction === "previous") (first ? next : previous).current?.focus();
    if (direction === "next") (last ? previous : next).current?.focus();
  }, []);

  const go = (offset: -1 | 1) => {
    const sibling = siblings[index - 1 + offset];
    if (sibling) controls.switchTo(sibling, offset < 0 ? "previous" : "next");
  };

  return (
    <fieldset className="m-0 inline-flex min-w-0 items-center gap-0.5 border-0 p-0 text-xs text-slate-600" data-testid="branch-switcher">
      <legend className="sr-only">{message.role === "user" ? "Versions of this message" : "Versions of this answer"}</legend>
      <button ref={previous} type="button" className={buttonClass} aria-label="Previous version" disabled={disabled || first} onClick={() => go(-1)}>
        <ChevronLeft className="size-4" aria-hidden />
      </button>
      <span className="tabular-nums">
        <span className="sr-only">Version </span>
        {index} / {count}
      </span>
      <button ref={next} type="button" className={buttonClass} aria-label="Next version" disabled={disabled || last} onClick={() => go(1)}>
        <ChevronRight className="size-4" aria-hidden />
      </button>
    </fieldset>
  );
}
