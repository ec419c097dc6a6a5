// The browser's side of passkeys (docs/decisions/0016-passkeys.md): /api/auth/passkeys calls around
// @simplewebauthn/browser's ceremonies. Both ceremonies need JavaScript by nature; renaming and removing do not
// (they are forms, see components/account/security/passkeys.tsx).
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { apiRequest } from "~/lib/api";
import type { SessionInfo } from "@core/schemas/auth";
import type { PasskeySummary } from "@core/schemas/passkeys";

export const PASSKEY_CANCELLED_MESSAGE = "No passkey was used. You can try again, or choose another way.";

/** Whether this browser can create and use passkeys at all (false on the server). */
export async function passkeysSupported() {
  const { browserSupportsWebAuthn } = await import("@simplewebauthn/browser");
  return browserSupportsWebAuthn();
}

/** A first name for a new passkey, from this browser and system (e.g. "Chrome on Linux"); the user can rename it. */
async function newPasskeyName() {
  const { deviceLabel } = await import("@core/device-label");
  return deviceLabel(navigator.userAgent) ?? undefined;
}

/** Registers a new passkey for the signed-in user: options from the server, the authenticator, then verification. */
export async function registerPasskey(): Promise<PasskeySummary> {
  const { startRegistration } = await import("@simplewebauthn/browser");
  const { options } = await apiRequest<{ options: PublicKeyCredentialCreationOptionsJSON }>("/auth/passkeys/registration/options");
  const response = await startRegistration({ optionsJSON: options });
  const { passkey } = await apiRequest<{ passkey: PasskeySummary }>("/auth/passkeys/registration/verify", {
    json: { response, name: await newPasskeyName() },
  });
  return passkey;
}

/**
 * Signs in with a discoverable passkey. `autofill` waits for the user to pick a passkey from the email field's
 * suggestions (conditional UI) instead of opening the browser's dialog.
 */
export async function signInWithPasskey({ autofill = false }: { autofill?: boolean } = {}): Promise<SessionInfo> {
  const { startAuthentication } = await import("@simplewebauthn/browser");
  const { options } = await apiRequest<{ options: PublicKeyCredentialRequestOptionsJSON }>("/auth/passkeys/authentication/options");
  const response = await startAuthentication({ optionsJSON: options, useBrowserAutofill: autofill }).catch((error: unknown) => {
    // The autofill ceremony ends without the user choosing a passkey (this address cannot hold passkeys, say): they
    // asked for nothing, so there is nothing to tell them.
    throw autofill ? new AutofillOffersNothing(error) : error;
  });
  const { session } = await apiRequest<{ session: SessionInfo }>("/auth/passkeys/authentication/verify", { json: { response } });
  return session;
}

/** Whether the browser can offer passkeys in the email field's autofill. */
export async function passkeyAutofillSupported() {
  const { browserSupportsWebAuthnAutofill } = await import("@simplewebauthn/browser");
  return browserSupportsWebAuthnAutofill();
}

/** The email field's autofill could not offer passkeys, before the user chose one. */
class AutofillOffersNothing extends Error {
  constructor(cause: unknown) {
    super("The browser offers no passkeys in the email field.", { cause });
  }
}

/**
 * The user closed the browser's passkey dialog, a newer ceremony replaced this one, or the autofill offered nothing:
 * not an error to shout about.
 */
export function passkeyCancelled(error: unknown) {
  const name = error instanceof Error ? error.name : "";
  const code = (error as { code?: unknown } | null)?.code;
  return error instanceof AutofillOffersNothing || name === "NotAllowedError" || name === "AbortError" || code === "ERROR_CEREMONY_ABORTED";
}
