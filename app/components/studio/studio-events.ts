// What an open Studio hears (docs/product.md#studio): its presence socket makes the owner "online" for the contact
// page's Live Chat, and brings inbox changes (a visitor's message, the unread count) to the Studio's pages and the
// header's unread count at once.
import { useEffect, useSyncExternalStore } from "react";
import type { StudioEvent } from "@core/schemas/inbox";
import { apiRequest } from "~/lib/api";

type Listener = (event: StudioEvent) => void;
const listeners = new Set<Listener>();

export function publishStudioEvent(event: StudioEvent) {
  unread.set(event.unread);
  for (const listener of listeners) listener(event);
}

/** Runs `listener` for every inbox event while the component is mounted. */
export function useStudioEvents(listener: Listener) {
  useEffect(() => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, [listener]);
}

/** The header's unread count: one value for every badge on the page, fetched once per change of page. */
const unread = (() => {
  let value: number | null = null;
  const subscribers = new Set<() => void>();
  return {
    get: () => value,
    set(next: number) {
      value = next;
      for (const notify of subscribers) notify();
    },
    subscribe(notify: () => void) {
      subscribers.add(notify);
      return () => {
        subscribers.delete(notify);
      };
    },
  };
})();

let refreshing: Promise<void> | null = null;
export function refreshUnread() {
  refreshing ??= apiRequest<{ unread: number }>("/studio/inbox/unread", { method: "GET" })
    .then((answer) => unread.set(answer.unread))
    .catch(() => undefined)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

export function useUnreadCount() {
  return useSyncExternalStore(unread.subscribe, unread.get, () => null);
}
