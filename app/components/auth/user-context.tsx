import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { ApiRequestError, errorMessage } from "~/lib/api";
import { notify } from "~/lib/toast";
import { AUTH_REFRESH_MARGIN_MS, AUTH_REFRESH_TICK_MS, type SessionInfo, type SessionUser } from "@core/schemas/session";

type UserState = {
  user: SessionUser | null;
  /** docs/product.md#accounts: unknown (null) until known; the session carries the profile's flag, so signed out reads false. */
  isOwner: boolean | null;
  /** When the access token expires (ms since the epoch), or null when signed out. */
  expiresAt: number | null;
  /** Adopts a session the server just returned (sign-in, verify, password update), or null once it is gone. */
  setSession: (session: SessionInfo | null) => void;
  /** Ends the session on the server, then loads the home page. Rejects (after a toast) if the server could not be reached. */
  signOut: () => Promise<void>;
};

const UserContext = createContext<UserState | null>(null);

/** Other tabs of the same site hear about sign-ins, refreshes and sign-outs through this channel. */
const CHANNEL_NAME = "parley-auth";

type ChannelMessage = { type: "session"; session: SessionInfo } | { type: "signed-out" };

function openChannel() {
  return typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(CHANNEL_NAME);
}

const needsRefresh = (session: SessionInfo, now = Date.now()) => session.expiresAt - now <= AUTH_REFRESH_MARGIN_MS;

/**
 * Holds the signed-in user for the whole app. The server renders with the session it read from the
 * cookies (the root loader); from then on this provider keeps it fresh (docs/product.md#accounts), shares
 * changes with other tabs, and signs out.
 */
export function UserProvider({ session: initialSession, children }: { session: SessionInfo | null; children: React.ReactNode }) {
  const [session, setSessionState] = useState<SessionInfo | null>(initialSession);
  const channelRef = useRef<BroadcastChannel | null>(null);

  // A revalidated root loader brings the server's view of the session (on the first render it is already held: setting
  // it again would cost the page a render after it loads, docs/decisions/0029-lighthouse-and-social-images.md).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new session from the loader is the trigger
  useEffect(() => void (session !== initialSession && setSessionState(initialSession)), [initialSession]);

  const setSession = useCallback((next: SessionInfo | null) => {
    setSessionState(next);
    const message: ChannelMessage = next ? { type: "session", session: next } : { type: "signed-out" };
    channelRef.current?.postMessage(message);
  }, []);

  useEffect(() => {
    const channel = openChannel();
    channelRef.current = channel;
    if (!channel) return;
    channel.onmessage = (event: MessageEvent<ChannelMessage>) => {
      const message = event.data;
      if (message?.type === "session") setSessionState(message.session);
      else if (message?.type === "signed-out") setSessionState(null);
    };
    return () => {
      channel.close();
      channelRef.current = null;
    };
  }, []);

  // Auto-refresh: every tick, refresh when the access token has 90 s or less left.
  const signedIn = session !== null;
  const sessionRef = useRef(session);
  useEffect(() => {
    sessionRef.current = session;
  }, [session]);
  useEffect(() => {
    if (!signedIn) return;
    let cancelled = false;
    let running = false;

    async function tick() {
      const current = sessionRef.current;
      if (cancelled || running || !current || !needsRefresh(current)) return;
      running = true;
      try {
        // The refresh code loads only when a refresh is due: signed-out visitors never download it.
        const { refreshSessionOnce } = await import("./session-refresh");
        const next = await refreshSessionOnce(needsRefresh);
        if (!cancelled) setSession(next);
      } catch (error) {
        // Still signed in as far as we know; the next tick tries again.
        console.warn("Session refresh failed", error);
      } finally {
        running = false;
      }
    }

    void tick();
    const timer = setInterval(tick, AUTH_REFRESH_TICK_MS);
    // Timers sleep in background tabs and suspended laptops: check again as soon as the page is back.
    const onVisible = () => {
      if (document.visibilityState === "visible") void tick();
    };
    document.addEventListener("visibilitychange", onVisible);
    window.addEventListener("online", onVisible);
    return () => {
      cancelled = true;
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
      window.removeEventListener("online", onVisible);
    };
  }, [signedIn, setSession]);

  const signOut = useCallback(async () => {
    try {
      const { signOutRequest } = await import("~/lib/auth-client");
      await signOutRequest();
    } catch (error) {
      // A 401 means there was no session left to end: the visitor is signed out either way.
      if (!(error instanceof ApiRequestError && error.status === 401)) {
        notify("error", "Could not sign out", errorMessage(error));
        throw error;
      }
    }
    // Other tabs drop the session now; this one leaves with a full load, so that every part of the
    // page is rendered again without it (clearing it here first would flash the signed-out page).
    channelRef.current?.postMessage({ type: "signed-out" } satisfies ChannelMessage);
    window.location.assign("/");
  }, []);

  const value = useMemo<UserState>(() => {
    const user = session?.user ?? null;
    return { user, isOwner: user ? user.isOwner : false, expiresAt: session?.expiresAt ?? null, setSession, signOut };
  }, [session, setSession, signOut]);

  return <UserContext.Provider value={value}>{children}</UserContext.Provider>;
}

export function useUser() {
  const state = useContext(UserContext);
  if (!state) throw new Error("useUser must be used within a UserContextProvider.");
  return state;
}
