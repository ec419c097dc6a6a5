// The one toast system: sonner, loaded on first use so that pages which never toast don't ship it.
import { lazy, Suspense, useSyncExternalStore } from "react";

type ToastKind = "success" | "error" | "info";

let requested = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows a toast with a title and a description (docs/product.md#errors: every toast has both). */
export function notify(kind: ToastKind, title: string, description?: string) {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  // sonner keeps toasts created before its Toaster subscribes, so the order of these two loads does not matter.
  void import("sonner").then(({ toast }) => toast[kind](title, { description }));
}

/**
 * Toasts open below the sticky header (4rem high), never over its links. Their text colours are darker than
 * sonner's own, whose red and blue on their pale backgrounds fall short of 4.5:1.
 */
const TOASTER_OFFSET = { top: "5rem" };
const TOASTER_MOBILE_OFFSET = { top: "4.75rem" };
const TOASTER_COLOURS = {
  "--success-text": "#166534",
  "--info-text": "#1e40af",
  "--warning-text": "#92400e",
  "--error-text": "#b91c1c",
} as React.CSSProperties;

const Toaster = lazy(() =>
  import("sonner").then(({ Toaster }) => ({
    default: () => (
      <Toaster
        position="top-center"
        richColors
        closeButton
        offset={TOASTER_OFFSET}
        mobileOffset={TOASTER_MOBILE_OFFSET}
        style={TOASTER_COLOURS}
        toastOptions={{ duration: 6000 }}
      />
    ),
  })),
);

/** Mounted once in the root layout; renders sonner's Toaster from the first notify() on. */
export function ToastHost() {
  const needed = useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );
  return needed ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
