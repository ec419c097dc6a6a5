// The three toggles (docs/product.md#ai-chat): Internet, Persona (with its specialist choice) and Long mode.
import { Globe, ScrollText, TriangleAlert, UserRound, type LucideIcon } from "lucide-react";
import { useId, type ReactNode } from "react";
import { chat } from "~/content/chat";
import { PERSONAS, type Persona } from "@core/schemas/chat";
import type { Toggles } from "./use-chat";

type Props = {
  toggles: Toggles;
  onChange: (toggles: Toggles) => void;
  internetAvailable: boolean;
  disabled: boolean;
  /** More of the chat's switches, in the same row (the temporary chat's: temporary-banner.tsx). */
  children?: ReactNode;
};

export function ChatToggles({ toggles, onChange, internetAvailable, disabled, children }: Props) {
  const personaId = useId();
  const disclaimer = toggles.persona ? chat.personas[toggles.personaKind].disclaimer : null;
  return (
    <fieldset className="flex flex-col gap-3" disabled={disabled}>
      <legend className="sr-only">Answer options</legend>
      <div className="flex flex-wrap gap-2">
        <Toggle
          icon={Globe}
          label={chat.toggles.internet.label}
          hint={internetAvailable ? chat.toggles.internet.hint : chat.toggles.internet.unavailable}
          checked={toggles.internet && internetAvailable}
          unavailable={!internetAvailable}
          onChange={(internet) => onChange({ ...toggles, internet })}
        />
        <Toggle
          icon={UserRound}
          label={chat.toggles.persona.label}
          hint={chat.toggles.persona.hint}
          checked={toggles.persona}
          onChange={(persona) => onChange({ ...toggles, persona })}
        />
        <Toggle
          icon={ScrollText}
          label={chat.toggles.longMode.label}
          hint={chat.toggles.longMode.hint}
          checked={toggles.longMode}
          onChange={(longMode) => onChange({ ...toggles, longMode })}
        />
        {children}
      </div>
      {!internetAvailable ? <p className="text-xs text-slate-500">{chat.toggles.internet.unavailable}</p> : null}
      {toggles.persona ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <label htmlFor={personaId} className="text-sm font-medium text-slate-800">
            Specialist
          </label>
          <select
            id={personaId}
            className="input sm:w-56"
            value={toggles.personaKind}
            onChange={(event) => onChange({ ...toggles, personaKind: event.target.value as Persona })}
          >
            {PERSONAS.map((persona) => (
              <option key={persona} value={persona}>
                {chat.personas[persona].label}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {disclaimer ? (
        <p role="note" className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          {disclaimer}
        </p>
      ) : null}
    </fieldset>
  );
}

type ToggleProps = { icon: LucideIcon; label: string; hint: string; checked: boolean; unavailable?: boolean; onChange: (checked: boolean) => void };

/** A checkbox styled as a pill; the hint is its accessible description (and says why when unavailable). */
export function Toggle({ icon: Icon, label, hint, checked, unavailable = false, onChange }: ToggleProps) {
  const id = useId();
  return (
    <span className="inline-flex">
      <label
        htmlFor={id}
        title={hint}
        className={`inline-flex cursor-pointer items-center gap-2 rounded-full border px-3 py-1.5 text-sm font-medium transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60 ${
          checked ? "border-brand-600 bg-brand-50 text-brand-800" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50"
        }`}
      >
        <input
          id={id}
          type="checkbox"
          className="size-4 accent-brand-600"
          checked={checked}
          disabled={unavailable}
          aria-describedby={`${id}-hint`}
          onChange={(event) => onChange(event.target.checked)}
        />
        <Icon className="size-4" aria-hidden />
        {label}
      </label>
      <span id={`${id}-hint`} className="sr-only">
        {hint}
      </span>
    </span>
  );
}
