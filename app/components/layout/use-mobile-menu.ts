// The mobile menu's behaviour (docs/product.md#accessibility): it closes on Escape, on a tap outside it and on
// navigation; while it is open, Tab stays in the menu and its toggle; closing it from inside hands focus back to
// the toggle, so that keyboard users carry on where they opened it.
import { useCallback, useEffect, useRef, useState } from "react";

const FOCUSABLE = "a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]";

/** What Tab can reach inside `root`, in order (hidden parts, such as a collapsed group, excluded). */
function focusablesIn(root: HTMLElement | null): HTMLElement[] {
  if (!root) return [];
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((element) => element.tabIndex >= 0 && element.getClientRects().length > 0);
}

/** Moves focus round the cycle instead of out of it when Tab would leave its first or last element. */
function keepTabInside(event: KeyboardEvent, cycle: HTMLElement[]) {
  const first = cycle[0];
  const last = cycle.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  const inside = cycle.some((element) => element === active);
  if (event.shiftKey && (active === first || !inside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !inside)) {
    event.preventDefault();
    first.focus();
  }
}

export function useMobileMenu(pathname: string) {
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLElement>(null);

  /** Closes the menu; when focus is in it, focus goes back to the toggle rather than to the page's start. */
  const close = useCallback(() => {
    const panel = panelRef.current;
    if (panel?.contains(document.activeElement)) toggleRef.current?.focus();
    setOpen(false);
  }, []);

  // Any navigation (a link in the menu, back/forward) closes it; a closed one is left alone (no render on load).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new pathname is the trigger, not an input
  useEffect(() => void (open && close()), [pathname]);

  useEffect(() => {
    if (!open) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === "Escape") {
        event.preventDefault();
        toggleRef.current?.focus();
        setOpen(false);
      } else if (event.key === "Tab") {
        const toggle = toggleRef.current;
        keepTabInside(event, [...(toggle ? [toggle] : []), ...focusablesIn(panelRef.current)]);
      }
    }
    function onPointerDown(event: PointerEvent) {
      const target = event.target as Node;
      if (panelRef.current?.contains(target) || toggleRef.current?.contains(target)) return;
      // The tap goes on to whatever it landed on, which takes focus itself if it can.
      setOpen(false);
    }
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [open]);

  return { open, toggle: () => setOpen((wasOpen) => !wasOpen), close, toggleRef, panelRef };
}
