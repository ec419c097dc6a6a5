// Refreshing the session, loaded on demand by the UserProvider when the access token is about to expire.
import { fetchSession, refreshWithRetry } from "~/lib/auth-client";
import type { SessionInfo } from "@core/schemas/session";

/** Only one tab refreshes at a time: the refresh token rotates, and reusing an old one ends the session everywhere. */
const REFRESH_LOCK = "parley-auth-refresh";

async function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
  return locks ? await locks.request(REFRESH_LOCK, task) : await task();
}

/** Refreshes once across all tabs; null when the session has ended. */
export function refreshSessionOnce(needsRefresh: (session: SessionInfo) => boolean): Promise<SessionInfo | null> {
  return withRefreshLock(async () => {
    // Another tab may have refreshed while this one waited for the lock: the cookies are shared.
    const latest = await fetchSession().catch(() => null);
    if (latest && !needsRefresh(latest)) return latest;
    return refreshWithRetry();
  });
}
