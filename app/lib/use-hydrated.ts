import { startTransition, useEffect, useState } from "react";

/**
 * True once the page's first render (the hydration of the server's HTML) has committed: a component mounted after
 * that is rendered by the browser alone and starts hydrated.
 */
let pageHydrated = false;

/**
 * False while the page is the server's HTML (and what a browser without JavaScript keeps), true once React runs:
 * for controls whose state only scripts can change (e.g. a button that stays enabled for a plain form post).
 *
 * The switch is a transition, which React renders in short slices after hydrating. A store whose browser value
 * differs from the server's (useSyncExternalStore) would re-render at once, in the same task as the page's first
 * effects, and that task blocked input for up to 270 ms on a slow phone (docs/decisions/0029-lighthouse-and-social-images.md).
 */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(pageHydrated);
  useEffect(() => {
    // Every component of the first render has rendered by now, with the server's value.
    pageHydrated = true;
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
