import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * False while the page is the server's HTML (and what a browser without JavaScript keeps), true once React runs:
 * for controls whose state only scripts can change (e.g. a button that stays enabled for a plain form post).
 */
export function useHydrated() {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
