// Signing in with a passkey on the sign-in view (docs/decisions/0016-passkeys.md): a button for the browser's passkey
// dialog, and the email field's autofill suggestions (conditional UI) where the browser offers them. Both need
// JavaScript; without it the screen says so and the other ways to sign in stay.
import { KeyRound, LoaderCircle } from "lucide-react";
import { startTransition, useEffect, useRef, useState } from "react";
import { passkeyCopy } from "~/content/auth";
import { errorMessage } from "~/lib/api";
import { passkeyAutofillSupported, passkeyCancelled, passkeysSupported, signInWithPasskey } from "~/lib/passkeys-client";
import { useHydrated } from "~/lib/use-hydrated";
import type { SessionInfo } from "@core/schemas/auth";
import { StatusBox } from "../views";

/** Stops a ceremony still waiting (the autofill one) when the view goes away. */
async function cancelWaitingCeremony() {
  const { WebAuthnAbortService } = await import("@simplewebauthn/browser");
  WebAuthnAbortService.cancelCeremony();
}

export function PasskeySignIn({ onSignedIn }: { onSignedIn: (session: SessionInfo) => void }) {
  const hydrated = useHydrated();
  const [supported, setSupported] = useState<boolean | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The screen's callback changes with each of its renders; the autofill ceremony starts once per view.
  const signedIn = useRef(onSignedIn);
  signedIn.current = onSignedIn;

  // The email field (autocomplete="username webauthn") offers this site's passkeys while the view is open.
  useEffect(() => {
    let open = true;
    void passkeysSupported().then((value) => startTransition(() => setSupported(value)));
    void passkeyAutofillSupported().then((autofill) => {
      if (!autofill || !open) return;
      signInWithPasskey({ autofill: true }).then(
        (session) => open && signedIn.current(session),
        (failure: unknown) => open && !passkeyCancelled(failure) && setError(errorMessage(failure)),
      );
    });
    return () => {
      open = false;
      void cancelWaitingCeremony();
    };
  }, []);

  async function signIn() {
    setPending(true);
    setError(null);
    try {
      onSignedIn(await signInWithPasskey());
    } catch (failure) {
      if (!passkeyCancelled(failure)) setError(errorMessage(failure));
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="mt-6">
      <p className="flex items-center gap-3 text-sm text-slate-500" aria-hidden>
        <span className="h-px flex-1 bg-slate-200" />
        {passkeyCopy.divider}
        <span className="h-px flex-1 bg-slate-200" />
      </p>
      <noscript>
        <p className="mt-4 text-sm text-slate-700">{passkeyCopy.needsJavaScript}</p>
      </noscript>
      {hydrated && supported === false ? (
        <p className="mt-4 text-sm text-slate-700">{passkeyCopy.unsupported}</p>
      ) : (
        <button
          type="button"
          className="btn-secondary mt-4 w-full noscript:hidden"
          onClick={signIn}
          disabled={!hydrated || !supported || pending}
          aria-busy={pending || undefined}
        >
          {pending ? <LoaderCircle className="size-4 animate-spin" aria-hidden /> : <KeyRound className="size-4" aria-hidden />}
          {pending ? passkeyCopy.pending : passkeyCopy.button}
        </button>
      )}
      {error && <StatusBox kind="error" text={error} />}
    </div>
  );
}
