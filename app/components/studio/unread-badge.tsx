import { useEffect } from "react";
import { useLocation } from "react-router";
import { refreshUnread, useUnreadCount } from "./studio-events";

/** The number of unread inbox threads beside the header's "Studio" (owners only: only they see that link). */
export function StudioUnreadBadge() {
  const count = useUnreadCount();
  const { pathname } = useLocation();
  // Opening a thread reads it: each page change asks again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new pathname is the trigger, not an input
  useEffect(() => {
    void refreshUnread();
  }, [pathname]);
  if (!count) return null;
  return (
    <span
      className="ml-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-brand-700 px-1.5 text-xs font-semibold text-white"
      data-testid="studio-unread"
    >
      {count}
      <span className="sr-only"> unread</span>
    </span>
  );
}
