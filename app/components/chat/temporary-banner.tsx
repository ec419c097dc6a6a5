// The temporary chat's switch and banner (docs/product.md#ai-chat, docs/decisions/0027-temporary-chats.md).
import { EyeOff } from "lucide-react";
import { chat } from "~/content/chat";
import { Toggle } from "./chat-toggles";

type ToggleProps = { checked: boolean; onChange: (checked: boolean) => void; disabled: boolean };

/** Offered in a new chat before its first message only: a chat cannot become temporary once something was saved. */
export function TemporaryToggle({ checked, onChange, disabled }: ToggleProps) {
  return (
    <fieldset className="flex flex-wrap gap-2" disabled={disabled}>
      <legend className="sr-only">Saving</legend>
      <Toggle icon={EyeOff} label={chat.temporary.label} hint={chat.temporary.hint} checked={checked} onChange={onChange} />
    </fieldset>
  );
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
          className="flex items-start gap-2 rounded-lg border border-slate-300 bg-slate-100 px-3 py-2 text-sm font-medium text-slate-800"
          data-testid="temporary-banner"
        >
          <EyeOff className="mt-0.5 size-4 shrink-0" aria-hidden />
          {chat.temporary.banner}
        </p>
      ) : null}
    </div>
  );
}
