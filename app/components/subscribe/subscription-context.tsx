import { createContext, lazy, startTransition, Suspense, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { subscribedFlagKey } from "@core/site";

// Loaded when first opened: most visits never open it, and the landing page's JavaScript budget is tight.
const SubscribeModal = lazy(() => import("./subscribe-modal").then((module) => ({ default: module.SubscribeModal })));

type SubscriptionState = {
  /** The visitor has subscribed in this browser (the parley_subscribed flag). */
  subscribed: boolean;
  /** Whether the site may offer the Stay Updated dialog at all. */
  canOffer: boolean;
  openModal: () => void;
  closeModal: () => void;
  /** Remembers, in this browser, that a subscription form succeeded (a repeated address is a success too). */
  markSubscribed: () => void;
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

  // Read in a task of its own, not in the task of the page's first effects, which stays short (decision 0029): a
  // page's first use of localStorage waits on the browser. Only the offers render again, as a transition: an update
  // from a timer is otherwise rendered in one unsliced task.
  useEffect(() => void setTimeout(() => startTransition(() => setSubscribed(readFlag()))), []);

  const markSubscribed = useCallback(() => {
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
      markSubscribed,
    }),
    [subscribed, canOffer, markSubscribed, closeModal],
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
