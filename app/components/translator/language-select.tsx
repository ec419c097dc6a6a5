// A searchable language picker (combobox + listbox pattern): type to filter ~600 languages by English or
// native name or code; arrows move, Enter picks, Escape closes. Auto-detect comes first when offered. Without
// JavaScript the widget cannot open: a native <select> (in <noscript>, so it costs a browser with JavaScript no
// nodes) takes its place and sends the form field `name`.
import { Check, ChevronDown } from "lucide-react";
import { useId, useMemo, useRef, useState } from "react";
import { AUTO, AUTO_LABEL, languageLabel, LANGUAGES_BY_LABEL, type LanguageOption } from "@core/languages";

type Props = {
  label: string;
  /** The form field the native fallback sends. */
  name: string;
  value: string;
  onChange: (code: string) => void;
  withAuto?: boolean;
  /** Codes the configured engines reach; others are marked as unavailable ("all" or undefined marks none). */
  reachable?: "all" | ReadonlySet<string>;
};

const AUTO_OPTION: LanguageOption = { code: AUTO, label: AUTO_LABEL };

export function LanguageSelect({ label, name, value, onChange, withAuto = false, reachable }: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const popupRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLDivElement>(null);

  const options = useMemo(() => {
    const all = withAuto ? [AUTO_OPTION, ...LANGUAGES_BY_LABEL] : LANGUAGES_BY_LABEL;
    const needle = query.trim().toLowerCase();
    if (!needle) return all;
    return all.filter(
      (option) =>
        option.label.toLowerCase().includes(needle) || option.nativeLabel?.toLowerCase().includes(needle) || option.code.toLowerCase() === needle,
    );
  }, [query, withAuto]);

  const unavailable = (code: string) => reachable !== undefined && reachable !== "all" && code !== AUTO && !reachable.has(code);

  function openList() {
    setOpen(true);
    setQuery("");
    const index = (withAuto ? [AUTO_OPTION, ...LANGUAGES_BY_LABEL] : LANGUAGES_BY_LABEL).findIndex((option) => option.code === value);
    setActive(Math.max(0, index));
    requestAnimationFrame(() => {
      inputRef.current?.focus();
      listRef.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: "nearest" });
    });
  }

  function choose(option: LanguageOption | undefined) {
    if (!option) return;
    onChange(option.code);
    setOpen(false);
  }

  function move(delta: number) {
    const next = Math.min(options.length - 1, Math.max(0, active + delta));
    setActive(next);
    listRef.current?.children[next]?.scrollIntoView({ block: "nearest" });
  }

  const keyActions: Record<string, () => void> = {
    ArrowDown: () => move(1),
    ArrowUp: () => move(-1),
    PageDown: () => move(10),
    PageUp: () => move(-10),
    Enter: () => choose(options[active]),
    Escape: () => setOpen(false),
  };

  function onKeyDown(event: React.KeyboardEvent) {
    const action = keyActions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  }

  // The popup closes once focus leaves it; the search box holds focus, and an option only if focused by script.
  function closeIfFocusLeaves(event: React.FocusEvent) {
    if (!popupRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
  }

  return (
    <div className="relative">
      <NativeLanguageSelect label={label} name={name} value={value} withAuto={withAuto} />
      <span id={`${id}-label`} className="sr-only">
        {label}
      </span>
      <button
        type="button"
        data-language-widget
        className="flex w-full items-center justify-between gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-left text-sm font-medium text-slate-900 hover:border-slate-400 focus-visible:outline-2 focus-visible:outline-indigo-500"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-labelledby={`${id}-label ${id}-value`}
        onClick={() => (open ? setOpen(false) : openList())}
        onKeyDown={(event) => {
          if (open || (event.key !== "ArrowDown" && event.key !== "ArrowUp")) return;
          event.preventDefault();
          openList();
        }}
      >
        <span id={`${id}-value`}>{languageLabel(value)}</span>
        <ChevronDown className="size-4 text-slate-500" aria-hidden />
      </button>
      {open ? (
        <div ref={popupRef} className="absolute z-30 mt-1 w-full min-w-64 rounded-lg border border-slate-200 bg-white shadow-lg">
          <input
            ref={inputRef}
            role="combobox"
            aria-label={`Search ${label.toLowerCase()}`}
            aria-expanded
            aria-controls={`${id}-list`}
            aria-autocomplete="list"
            aria-activedescendant={options[active] ? `${id}-option-${options[active].code}` : undefined}
            className="w-full rounded-t-lg border-b border-slate-200 px-3 py-2 text-sm outline-none"
            placeholder="Type to search…"
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
            onBlur={closeIfFocusLeaves}
          />
          <div
            ref={listRef}
            id={`${id}-list`}
            role="listbox"
            aria-label={label}
            className="max-h-72 overflow-y-auto py-1 text-sm"
            onBlur={closeIfFocusLeaves}
          >
            {options.length === 0 ? <div className="px-3 py-2 text-slate-500">No language matches.</div> : null}
            {options.map((option, index) => {
              const selected = option.code === value;
              const off = unavailable(option.code);
              return (
                <div
                  key={option.code}
                  id={`${id}-option-${option.code}`}
                  role="option"
                  aria-selected={selected}
                  data-unavailable={off || undefined}
                  tabIndex={-1}
                  className={`flex cursor-pointer items-center justify-between gap-2 px-3 py-1.5 ${index === active ? "bg-indigo-50" : ""} ${off ? "text-slate-400" : "text-slate-800"}`}
                  onMouseEnter={() => setActive(index)}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(option)}
                  onKeyDown={(event) => {
                    if (event.key !== "Enter" && event.key !== " ") return;
                    event.preventDefault();
                    choose(option);
                  }}
                >
                  <span>
                    {option.label}
                    {option.nativeLabel ? <span className="ml-2 text-slate-400">{option.nativeLabel}</span> : null}
                    {off ? <span className="ml-2 text-xs">(not available)</span> : null}
                  </span>
                  {selected ? <Check className="size-4 text-indigo-600" aria-hidden /> : null}
                </div>
              );
            })}
          </div>
        </div>
      ) : null}
    </div>
  );
}

/** The picker for a browser without JavaScript: every language in a native <select>, and the inert widget hidden. */
function NativeLanguageSelect({ label, name, value, withAuto }: { label: string; name: string; value: string; withAuto: boolean }) {
  const options = withAuto ? [AUTO_OPTION, ...LANGUAGES_BY_LABEL] : LANGUAGES_BY_LABEL;
  return (
    <noscript>
      <style>{"[data-language-widget]{display:none}"}</style>
      <label className="block text-sm font-medium text-slate-900">
        {label}
        <select name={name} defaultValue={value} className="input mt-1">
          {options.map((option) => (
            <option key={option.code} value={option.code}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
    </noscript>
  );
}
