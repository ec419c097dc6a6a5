import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { subscribedFlagKey } from "@core/site";
import { apiRequest } from "~/lib/api";
import { INVALID_EMAIL_MESSAGE } from "@core/schemas/email";

// Loaded when first opened: most visits never open it, and the landing page's JavaScript budget is tight.
const SubscribeModal = lazy(() => import("./subscribe-modal").then((module) => ({ default: module.SubscribeModal })));

type SubscriptionState = {
  /** The visitor has subscribed in this browser (the parley_subscribed flag). */
  subscribed: boolean;
  /** Whether the site may offer the Stay Updated dialog at all. */
  canOffer: boolean;
  openModal: () => void;
  closeModal: () => void;
  /** Subscribes an email from the current page; resolves on success (a repeat is a success), rejects with a readable message. */
  subscribe: (email: string) => Promise<void>;
};

const SubscriptionContext = createContext<SubscriptionState | null>(null);

function readFlag() {
  try {
    return window.localStorage.getItem(subscribedFlagKey) === "1";
  } catch {
    return false;
  }
}

/**
 * The one place that decides whether to offer a subscription: never once subscribed.
 * Signed-in visitors are never offered one either (docs/product.md#subscriptions): `signedIn` comes from the session.
 */
export function shouldOfferSubscription({ subscribed, signedIn }: { subscribed: boolean; signedIn: boolean }) {
  return !subscribed && !signedIn;
}

export function SubscriptionProvider({ children, signedIn = false }: { children: React.ReactNode; signedIn?: boolean }) {
  const [subscribed, setSubscribed] = useState(true); // Until the browser's flag is read, offer nothing.
  const [modalOpen, setModalOpen] = useState(false);

  useEffect(() => setSubscribed(readFlag()), []);

  const subscribe = useCallback(async (rawEmail: string) => {
    // The shared schema (and zod) loads on first use, keeping it out of the landing page's initial JavaScript.
    const { subscriptionSchema } = await import("@core/schemas/subscriptions");
    const parsed = subscriptionSchema.safeParse({
      email: rawEmail,
      page: window.location.pathname,
      utm: window.location.search.replace(/^\?/, ""),
    });
    if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? INVALID_EMAIL_MESSAGE);
    try {
      await apiRequest("/subscriptions", { json: parsed.data });
    } catch (error) {
      console.error("Subscription failed", error);
      throw error;
    }
    try {
      window.localStorage.setItem(subscribedFlagKey, "1");
    } catch {
      // Private browsing without storage: the subscription itself succeeded.
    }
    setSubscribed(true);
  }, []);

  const closeModal = useCallback(() => setModalOpen(false), []);
  const canOffer = shouldOfferSubscription({ subscribed, signedIn });
  const value = useMemo<SubscriptionState>(
    () => ({
      subscribed,
      canOffer,
      openModal: () => setModalOpen(true),
      closeModal,
      subscribe,
    }),
    [subscribed, canOffer, subscribe, closeModal],
  );

  return (
    <SubscriptionContext.Provider value={value}>
      {children}
      {/* Mounted while open (closing clears it); it may finish showing its success panel after subscribing. */}
      {modalOpen && (
        <Suspense fallback={null}>
          <SubscribeModal open onClose={closeModal} />
        </Suspense>
      )}
    </SubscriptionContext.Provider>
  );
}

export function useSubscription() {
  const state = useContext(SubscriptionContext);
  if (!state) throw new Error("useSubscription must be used within a SubscriptionProvider.");
  return state;
}
