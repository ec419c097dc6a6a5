// The account page's list of signed-in devices (docs/product.md#accounts), shared by /account and
// /api/account/sessions: what a session looks like to its owner, the forms' intents and the words of their answers.
import * as z from "zod/mini";

/** One live session of the signed-in user. `id` is its refresh-token family; no address or user agent is kept. */
export type ActiveSession = {
  id: string;
  /** A coarse device label such as "Firefox on Linux", or UNKNOWN_DEVICE. */
  label: string;
  /** When it signed in (ms since the epoch). */
  createdAt: number;
  /** When it last refreshed its access token: accurate to the access token's lifetime. */
  lastUsedAt: number;
  /** Whether it is the session of this request ("This device"). */
  current: boolean;
};

export type SessionList = { sessions: ActiveSession[] };

export const UNKNOWN_DEVICE = "Unknown device";

/** The session forms on the account page, as their `intent` names them to the page's action. */
export const SESSION_INTENTS = { signOut: "sign-out-session", signOutOthers: "sign-out-other-sessions" } as const;

const NO_SUCH_SESSION = "Choose a session from the list.";

/** The one field of a session's sign-out form (and the id in DELETE /api/account/sessions/:id). */
export const signOutSessionSchema = z.object({
  session: z.string({ error: NO_SUCH_SESSION }).check(z.trim(), z.minLength(1, NO_SUCH_SESSION), z.maxLength(100, NO_SUCH_SESSION)),
});

/** "Sign out all other devices" has no fields besides its intent. */
export const signOutOthersSchema = z.object({});

/** What signing out one other session answers: the label it had, for the confirmation. */
export type SignedOutSession = { label: string };
/** What signing out every other session answers: how many there were. */
export type SignedOutOthers = { count: number };

/** The confirmations, the same in a toast (JavaScript on) and in the page (JavaScript off). */
export const sessionMessages = {
  signedOut: ({ label }: SignedOutSession) => ({ title: "Signed out", description: `${label} is signed out. It loses access on its next request.` }),
  signedOutOthers: ({ count }: SignedOutOthers) => ({
    title: "Signed out other devices",
    description:
      count === 0
        ? "No other device was signed in."
        : `${count === 1 ? "1 other device is" : `${count} other devices are`} signed out. Only this one stays signed in.`,
  }),
};
