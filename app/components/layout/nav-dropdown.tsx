import { ChevronDown } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { isActivePath, type NavGroup } from "~/content/navigation";

const CLOSE_DELAY_MS = 150;

/**
 * A desktop header dropdown (WAI-ARIA disclosure navigation): opens on hover, on click, and from the
 * keyboard (Enter, Space or ArrowDown on the button); Escape closes it and returns focus to the button.
 * It is an item of the header's navigation list, and that item listens for its button's and links' events.
 */
export function NavDropdown({ group, pathname, className }: { group: NavGroup; pathname: string; className: string }) {
  const [open, setOpen] = useState(false);
  const wrapperRef = useRef<HTMLLIElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const panelId = useId();

  // Only an open panel is closed: setting the state it has would still cost a render when the page loads (0029).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a navigation (a new pathname) is what closes the panel
  useEffect(() => void (open && setOpen(false)), [pathname]);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const links = () => Array.from(wrapperRef.current?.querySelectorAll<HTMLAnchorElement>("a") ?? []);

  function onKeyDown(event: React.KeyboardEvent) {
    if (event.key === "Escape" && open) {
      setOpen(false);
      buttonRef.current?.focus();
    } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
      const items = links();
      const current = items.indexOf(document.activeElement as HTMLAnchorElement);
      const next = event.key === "ArrowDown" ? Math.min(current + 1, items.length - 1) : current <= 0 ? -1 : current - 1;
      // Wait for the panel to be shown before moving focus into it.
      requestAnimationFrame(() => (next < 0 ? buttonRef.current : links()[next])?.focus());
    }
  }

  return (
    <li
      ref={wrapperRef}
      className="relative"
      onMouseEnter={() => {
        clearTimeout(closeTimer.current);
        setOpen(true);
      }}
      onMouseLeave={() => {
        closeTimer.current = setTimeout(() => setOpen(false), CLOSE_DELAY_MS);
      }}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (!wrapperRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        className={`flex items-center gap-1 ${className}`}
      >
        {group.label}
        <ChevronDown className={`size-4 transition-transform ${open ? "rotate-180" : ""}`} aria-hidden />
      </button>
      <div id={panelId} hidden={!open} className="absolute left-0 top-full z-50 w-80 pt-2">
        <ul className="rounded-2xl border border-slate-200 bg-white p-2 shadow-xl">
          {group.links.map((link) => {
            const active = isActivePath(pathname, link.to);
            return (
              <li key={link.to}>
                <Link
                  to={link.to}
                  aria-current={active ? "page" : undefined}
                  className={`block rounded-xl px-3 py-2.5 hover:bg-slate-50 focus-visible:bg-slate-50 ${active ? "bg-brand-50" : ""}`}
                >
                  <span className="block text-sm font-semibold text-slate-900">{link.label}</span>
                  {link.description && <span className="mt-0.5 block text-sm text-slate-600">{link.description}</span>}
                </Link>
              </li>
            );
          })}
        </ul>
      </div>
    </li>
  );
}
