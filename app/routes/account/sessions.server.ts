// The account page's session forms (docs/product.md#accounts): sign one session out, or every other one. Both doors
// post here, a fetcher with JavaScript on and the page itself without (docs/decisions/0012-forms-without-javascript.md),
// with the limit and services of /api/account/sessions. Signing out this very session is a sign-out: on to /auth.
import { redirect } from "react-router";
import { SESSION_INTENTS, signOutOthersSchema, signOutSessionSchema } from "@core/schemas/session-list";
import { enforceRateLimit } from "@worker/lib/rate-limit";
import { RATE_LIMITS } from "@worker/lib/rate-limit-rules";
import { signOutOtherSessions, signOutSession } from "@worker/services/auth/sessions-list";
import { clearedSessionCookies } from "@worker/services/auth/sessions";
import { NotSignedIn } from "@worker/services/errors";
import { guardFormAction, runFormAction } from "~/lib/form-action.server";
import type { Signed } from "./account.server";

type Fields = Record<string, string>;

/** Counted before the form is read, as the API counts before it acts. */
function limitSignOuts(signed: Signed, intent: string, fields: Fields) {
  const limit = () => enforceRateLimit(signed.services.db, RATE_LIMITS.sessionSignOut, signed.userId);
  return guardFormAction(intent, fields, limit, { headers: signed.headers });
}

/** This browser signed itself out from the list: its cookies are cleared (no refreshed ones), and it signs in again. */
function signedOutHere(request: Request): never {
  const headers = new Headers();
  for (const cookie of clearedSessionCookies(request.url)) headers.append("Set-Cookie", cookie);
  throw redirect("/auth", { headers });
}

export async function signOutSessionForm(signed: Signed, fields: Fields) {
  const intent = SESSION_INTENTS.signOut;
  const refused = await limitSignOuts(signed, intent, fields);
  if (refused) return refused;
  return runFormAction(
    intent,
    fields,
    signOutSessionSchema,
    async ({ session }) => {
      const signedOut = await signOutSession(signed.services.db, signed.userId, session);
      if (session === signed.familyId) signedOutHere(signed.request);
      return signedOut;
    },
    { headers: signed.headers },
  );
}

export async function signOutOtherSessionsForm(signed: Signed, fields: Fields) {
  const intent = SESSION_INTENTS.signOutOthers;
  const refused = await limitSignOuts(signed, intent, fields);
  if (refused) return refused;
  return runFormAction(
    intent,
    fields,
    signOutOthersSchema,
    async () => {
      if (!signed.familyId) throw new NotSignedIn();
      return signOutOtherSessions(signed.services.db, signed.userId, signed.familyId);
    },
    { headers: signed.headers },
  );
}
