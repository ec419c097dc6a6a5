// The temporary chat's switch and banner (docs/product.md#ai-chat, docs/decisions/0027-temporary-chats.md), both in
// the row of the chat's switches, so that the message box stays on the first screen at 1280×800.
import { EyeOff } from "lucide-react";
import { chat } from "~/content/chat";
import { Toggle } from "./chat-toggles";

type ToggleProps = { checked: boolean; onChange: (checked: boolean) => void };

/** Offered in a new chat before its first message only: a chat cannot become temporary once something was saved. */
export function TemporaryToggle({ checked, onChange }: ToggleProps) {
  return <Toggle icon={EyeOff} label={chat.temporary.label} hint={chat.temporary.hint} checked={checked} onChange={onChange} />;
}

/**
 * Always in the page, empty until the chat is temporary: a live region that is already there is the one screen
 * readers announce (politely) when its text appears.
 */
export function TemporaryBanner({ active }: { active: boolean }) {
  return (
    <div role="status" aria-live="polite">
      {active ? (
        <p
          className="inline-flex items-center gap-2 rounded-lg border border-slate-400 bg-slate-100 px-3 py-1.5 text-sm font-medium text-slate-900"
          data-testid="temporary-banner"
        >
          <EyeOff className="size-4 shrink-0" aria-hidden />
          {chat.temporary.banner}
        </p>
      ) : null}
    </div>
  );
}
