// The two WebAuthn ceremonies with @simplewebauthn/server (docs/decisions/0016-passkeys.md): registering a passkey
// for the signed-in user, and signing in with one. The relying party is the request's host, the expected origin
// the request's origin; each challenge is a one-time row (store.ts) that lives 5 minutes.
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import type { SessionUser } from "@core/schemas/auth";
import type { PasskeySummary } from "@core/schemas/passkeys";
import type { Database } from "../../../db/client";
import { Forbidden, InvalidInput } from "../../errors";
import { findUserById } from "../accounts";
import {
  CHALLENGE_TTL_MS,
  consumeChallenge,
  credentialsOf,
  findPasskeyByCredential,
  insertPasskey,
  recordPasskeyUse,
  saveChallenge,
  userHandleOf,
} from "./store";

const RP_NAME = "Parley";
export const DEFAULT_PASSKEY_NAME = "Passkey";

/** Who the browser must be talking to: this request's host (the RP ID) and origin. */
export type RelyingParty = { rpID: string; origin: string };

export function relyingPartyOf(requestUrl: string): RelyingParty {
  const url = new URL(requestUrl);
  return { rpID: url.hostname, origin: url.origin };
}

const passkeyRefused = () => new InvalidInput("passkey_invalid", "The passkey could not be verified. Please try again.");
const signInRefused = () =>
  new InvalidInput("passkey_invalid", "This passkey could not sign you in. Please try again or use another way to sign in.");

/** The challenge the browser signed, read from its clientDataJSON (the library checks it again). */
function challengeIn(response: { response: { clientDataJSON: string } }) {
  try {
    const clientData = JSON.parse(isoBase64URL.toUTF8String(response.response.clientDataJSON)) as { challenge?: unknown };
    return typeof clientData.challenge === "string" ? clientData.challenge : null;
  } catch {
    return null;
  }
}

/** Options for navigator.credentials.create(): a discoverable credential, none of the user's existing ones again. */
export async function registrationOptions(db: Database, user: SessionUser, rp: RelyingParty, now = Date.now()) {
  const existing = await credentialsOf(db, user.id);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.rpID,
    userName: user.email,
    userID: isoBase64URL.toBuffer(await userHandleOf(db, user.id)),
    timeout: CHALLENGE_TTL_MS,
    attestationType: "none",
    excludeCredentials: existing.map((credential) => ({ id: credential.credentialId, transports: credential.transports ?? undefined })),
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
  });
  await saveChallenge(db, options.challenge, "register", user.id, now);
  return options;
}

/** Checks a registration against its one-time challenge and stores the new passkey. */
export async function registerPasskey(
  db: Database,
  user: SessionUser,
  rp: RelyingParty,
  input: { response: RegistrationResponseJSON; name?: string },
): Promise<PasskeySummary> {
  const challenge = challengeIn(input.response);
  if (!challenge || !(await consumeChallenge(db, challenge, "register", user.id))) throw passkeyRefused();
  const verification = await verifyRegistrationResponse({
    response: input.response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpID,
    requireUserVerification: false,
  }).catch(() => ({ verified: false as const }));
  if (!verification.verified) throw passkeyRefused();
  const { credential } = verification.registrationInfo;
  if (await findPasskeyByCredential(db, credential.id)) throw passkeyRefused();
  return insertPasskey(db, {
    userId: user.id,
    credentialId: credential.id,
    publicKey: isoBase64URL.fromBuffer(credential.publicKey),
    counter: credential.counter,
    transports: credential.transports ?? null,
    name: input.name ?? DEFAULT_PASSKEY_NAME,
  });
}

/** Options for navigator.credentials.get(): no allowCredentials, so the authenticator offers its discoverable passkeys. */
export async function authenticationOptions(db: Database, rp: RelyingParty, now = Date.now()) {
  const options = await generateAuthenticationOptions({ rpID: rp.rpID, userVerification: "preferred", timeout: CHALLENGE_TTL_MS });
  await saveChallenge(db, options.challenge, "authenticate", null, now);
  return options;
}

/**
 * Checks a sign-in assertion: its one-time challenge, the stored public key's signature, the user handle and the
 * counter. Answers the id of the user to start a session for.
 */
export async function verifyPasskeySignIn(db: Database, rp: RelyingParty, response: AuthenticationResponseJSON): Promise<string> {
  const challenge = challengeIn(response);
  if (!challenge || !(await consumeChallenge(db, challenge, "authenticate", null))) throw signInRefused();
  const found = await findPasskeyByCredential(db, response.id);
  if (!found) throw signInRefused();
  // A discoverable credential names its user; it must be the one this passkey was registered for.
  if (response.response.userHandle && response.response.userHandle !== found.handle) throw signInRefused();
  const { passkey } = found;
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpID,
    credential: { id: passkey.credentialId, publicKey: isoBase64URL.toBuffer(passkey.publicKey), counter: passkey.counter },
    requireUserVerification: false,
  }).catch(() => null);
  if (!verification?.verified) throw signInRefused();
  if (!(await recordPasskeyUse(db, passkey, verification.authenticationInfo.newCounter))) throw signInRefused();
  const user = await findUserById(db, passkey.userId);
  if (!user?.emailConfirmedAt) throw new Forbidden("email_not_confirmed", "Email not confirmed");
  return user.id;
}
