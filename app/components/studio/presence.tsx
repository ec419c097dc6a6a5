import { INBOX_KIND_LABELS, type StudioEvent } from "@core/schemas/inbox";
import { useLiveSocket } from "~/lib/live-socket";
import { publishStudioEvent } from "./studio-events";

const isStudioEvent = (data: unknown): data is StudioEvent => typeof data === "object" && data !== null && (data as StudioEvent).type === "inbox";

/**
 * Held by the Studio's layout: while it is mounted the owner is online for visitors (the presence object counts its
 * socket), and inbox events reach the Studio's pages. Shows nothing but a quiet line for screen readers.
 */
export function StudioPresence() {
  useLiveSocket("/api/studio/inbox/presence", true, {
    onMessage: (data) => {
      if (isStudioEvent(data)) publishStudioEvent(data);
    },
  });
  return <span className="sr-only">{`You are online for ${INBOX_KIND_LABELS["live-chat"].toLowerCase()} while the Studio is open.`}</span>;
}
