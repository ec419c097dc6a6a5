import { useEffect } from "react";
import { useSubscription } from "./subscription-context";

/** docs/product.md#subscriptions: exit intent is armed this long after the page loads. */
export const EXIT_INTENT_ARM_MS = 10_000;

/**
 * Calls `onExit` once when, after arming, the mouse leaves the window through its top edge
 * (towards the tabs or the address bar).
 */
export function useExitIntent(enabled: boolean, onExit: () => void) {
  useEffect(() => {
    if (!enabled) return;
    let armed = false;
    let fired = false;
    const timer = setTimeout(() => (armed = true), EXIT_INTENT_ARM_MS);
    function onMouseOut(event: MouseEvent) {
      if (!armed || fired || event.relatedTarget !== null || event.clientY > 0) return;
      fired = true;
      onExit();
    }
    document.addEventListener("mouseout", onMouseOut);
    return () => {
      clearTimeout(timer);
      document.removeEventListener("mouseout", onMouseOut);
    };
  }, [enabled, onExit]);
}

/**
 * The exit-intent offer of the Stay Updated dialog, as a component that renders nothing: the offer changes once the
 * browser's subscribed flag is read after hydration, and only this leaf renders again, not the page around it.
 */
export function ExitIntentOffer() {
  const { canOffer, openModal } = useSubscription();
  useExitIntent(canOffer, openModal);
  return null;
}
