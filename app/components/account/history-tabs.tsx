// The account page's history (docs/product.md#account-page): WAI-ARIA tabs AI History (default), Translations and
// Blog Responses, the active one kept in `?tab=` so that a reload or a shared link opens the same tab.
import { BookOpen, Languages, MessagesSquare, type LucideIcon } from "lucide-react";
import { useId, useRef } from "react";
import { useSearchParams } from "react-router";
import { AiHistoryList, BlogHistoryList, TranslationHistoryList } from "./history-lists";

const TABS = [
  { id: "ai", label: "AI History", icon: MessagesSquare, List: AiHistoryList },
  { id: "translate", label: "Translations", icon: Languages, List: TranslationHistoryList },
  { id: "blog", label: "Blog Responses", icon: BookOpen, List: BlogHistoryList },
] as const satisfies ReadonlyArray<{ id: string; label: string; icon: LucideIcon; List: (props: { active: boolean }) => React.ReactNode }>;

type TabId = (typeof TABS)[number]["id"];
const isTabId = (value: string | null): value is TabId => TABS.some((tab) => tab.id === value);

/** WAI-ARIA tabs with automatic activation: arrow keys, Home and End move between tabs; the tab is kept in `?tab=`. */
export function HistoryTabs() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get("tab");
  const active: TabId = isTabId(requested) ? requested : "ai";
  const baseId = useId();
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);

  function select(id: TabId, focus = false) {
    setSearchParams(
      (params) => {
        const nextParams = new URLSearchParams(params);
        if (id === "ai") nextParams.delete("tab");
        else nextParams.set("tab", id);
        return nextParams;
      },
      { replace: true, preventScrollReset: true },
    );
    if (focus) tabRefs.current[TABS.findIndex((tab) => tab.id === id)]?.focus();
  }

  function onKeyDown(event: React.KeyboardEvent, index: number) {
    const last = TABS.length - 1;
    const target =
      event.key === "ArrowRight"
        ? index === last
          ? 0
          : index + 1
        : event.key === "ArrowLeft"
          ? index === 0
            ? last
            : index - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    const tab = target === null ? undefined : TABS[target];
    if (!tab) return;
    event.preventDefault();
    select(tab.id, true);
  }

  return (
    <div className="mt-10">
      <div role="tablist" aria-label="Your history" className="flex gap-1 overflow-x-auto border-b border-slate-200">
        {TABS.map((tab, index) => {
          const selected = tab.id === active;
          const Icon = tab.icon;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                tabRefs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.id}`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel-${tab.id}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => select(tab.id)}
              onKeyDown={(event) => onKeyDown(event, index)}
              className={`-mb-px inline-flex shrink-0 items-center gap-2 border-b-2 px-3 py-3 sm:px-4 text-sm font-medium whitespace-nowrap transition-colors ${
                selected ? "border-brand-600 text-brand-800" : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900"
              }`}
            >
              <Icon className="hidden size-4 sm:block" aria-hidden />
              {tab.label}
            </button>
          );
        })}
      </div>
      {TABS.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${baseId}-panel-${tab.id}`}
          aria-labelledby={`${baseId}-tab-${tab.id}`}
          hidden={tab.id !== active}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a tab panel takes focus so the keyboard reaches (and can scroll) its content right after the tab list
          tabIndex={0}
          className="py-8"
        >
          <tab.List active={tab.id === active} />
        </div>
      ))}
    </div>
  );
}
