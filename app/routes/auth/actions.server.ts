// The sign-in screen's action: its forms as a browser without JavaScript posts them, answered by the same services,
// schemas and rate limits as /api/auth (worker/api/auth.ts). A form that signs in ends in a redirect to `next`
// carrying the session's cookies, exactly where the JavaScript flow goes with its full page load.
import { redirect, type RouterContextProvider } from "react-router";
import { safeNextPath } from "@core/safe-next";
import { codeSignInSchema, emailOnlySchema, linkVerifySchema, signInSchema, signUpSchema, updatePasswordSchema } from "@core/schemas/auth";
import { twoFactorVerifySchema } from "@core/schemas/two-factor";
import { checkFormProof } from "@worker/lib/human-proof";
import { enforceRateLimit, requestIp, type RateLimitRule } from "@worker/lib/rate-limit";
import { RATE_LIMITS } from "@worker/lib/rate-limit-rules";
import {
  changePassword,
  requestMagicLink,
  requestPasswordReset,
  requestSignInCode,
  signInWithPassword,
  signUp,
  verifyEmailedSecret,
  type AuthDeps,
} from "@worker/services/auth/lifecycle";
import { sessionClientOf, sessionCookies, type IssuedSession } from "@worker/services/auth/sessions";
import { challengeAccount, completeTwoFactorChallenge, isPendingTwoFactor, type PendingTwoFactor } from "@worker/services/auth/two-factor/challenge";
import { NotFound, NotSignedIn } from "@worker/services/errors";
import { actionServices, formFailure, guardFormAction, readFormFields, runFormAction } from "~/lib/form-action.server";
import { getRequestSession } from "~/lib/session.server";
import { type AuthIntent, type CodeRequired, isAuthIntent, type SentTo } from "./intents";

type ActionArgs = { request: Request; context: Readonly<RouterContextProvider> };
type Fields = Record<string, string>;

/**
 * The API's limits for each form: per client address, then per email (counted before validation, as the API does).
 * The code step names no address: its per-account limit is counted on the challenge's account (twoFactorStep).
 */
const LIMITS: Record<Exclude<AuthIntent, "update_password">, { ip: RateLimitRule; email?: RateLimitRule }> = {
  sign_in: { ip: RATE_LIMITS.signInIp, email: RATE_LIMITS.signInEmail },
  sign_up: { ip: RATE_LIMITS.signUpIp, email: RATE_LIMITS.signUpEmail },
  magic_link: { ip: RATE_LIMITS.emailLinkIp, email: RATE_LIMITS.emailLinkEmail },
  forgotten_password: { ip: RATE_LIMITS.emailLinkIp, email: RATE_LIMITS.emailLinkEmail },
  send_code: { ip: RATE_LIMITS.emailLinkIp, email: RATE_LIMITS.emailLinkEmail },
  verify_code: { ip: RATE_LIMITS.verifyIp, email: RATE_LIMITS.verifyEmail },
  verify_link: { ip: RATE_LIMITS.verifyIp, email: RATE_LIMITS.verifyEmail },
  two_factor: { ip: RATE_LIMITS.twoFactorVerifyIp },
};

/** The forms that create an account or send an email need the human check (docs/decisions/0018-bot-protection.md). */
const NEEDS_PROOF: readonly AuthIntent[] = ["sign_up", "magic_link", "forgotten_password", "send_code"];

async function enforceLimits(deps: AuthDeps, intent: AuthIntent, request: Request, fields: Fields) {
  if (intent === "update_password") return;
  await enforceRateLimit(deps.db, LIMITS[intent].ip, requestIp(request));
  const email = fields.email?.trim().toLowerCase();
  const emailRule = LIMITS[intent].email;
  if (email && emailRule) await enforceRateLimit(deps.db, emailRule, email);
  if (NEEDS_PROOF.includes(intent)) await checkFormProof(deps.env, deps.db, request, fields, { email });
}

/** Signed in: on to `to` with the new session's cookies (a redirect works for a fetcher and a plain post alike). */
function signedIn(session: IssuedSession, to: string, request: Request): never {
  const headers = new Headers();
  for (const cookie of sessionCookies(session, request.url)) headers.append("Set-Cookie", cookie);
  throw redirect(to, { headers });
}

/** Signed in, or (two-factor sign-in on) this screen again with the code step: the challenge is the form's answer. */
function signedInOrCodeStep(result: IssuedSession | PendingTwoFactor, to: string, request: Request): CodeRequired {
  if (isPendingTwoFactor(result)) return { challenge: result.challenge };
  return signedIn(result, to, request);
}

/** The code step: counted per account (the challenge's), then checked; a recovery goes on to choose a new password. */
async function twoFactorStep(deps: AuthDeps, { challenge, code }: { challenge: string; code: string }, url: URL, next: string, request: Request) {
  const account = await challengeAccount(deps, challenge);
  if (account) await enforceRateLimit(deps.db, RATE_LIMITS.twoFactorVerify, account);
  const { session, purpose } = await completeTwoFactorChallenge(deps, challenge, code);
  return signedIn(session, purpose === "recovery" ? viewPath(url, "update_password") : next, request);
}

/** This screen again in another view, keeping `next` (a recovery link continues on update password). */
function viewPath(url: URL, view: string) {
  const params = new URLSearchParams({ view });
  const next = url.searchParams.get("next");
  if (next !== null) params.set("next", next);
  return `${url.pathname}?${params}`;
}

function runIntent(intent: AuthIntent, fields: Fields, deps: AuthDeps, { request, context }: ActionArgs) {
  const url = new URL(request.url);
  const next = safeNextPath(url.searchParams.get("next"));
  const target = { origin: url.origin, next };
  switch (intent) {
    case "sign_in":
      return runFormAction(intent, fields, signInSchema, async (input) => signedInOrCodeStep(await signInWithPassword(deps, input), next, request));
    case "sign_up":
      return runFormAction(intent, fields, signUpSchema, async (input) => {
        await signUp(deps, input, target);
        return { email: input.email, session: null };
      });
    case "magic_link":
      return runFormAction(intent, fields, emailOnlySchema, async ({ email }): Promise<SentTo> => {
        await requestMagicLink(deps, email, target);
        return { email };
      });
    case "forgotten_password":
      return runFormAction(intent, fields, emailOnlySchema, async ({ email }): Promise<SentTo> => {
        await requestPasswordReset(deps, email, target);
        return { email };
      });
    case "send_code":
      return runFormAction(intent, fields, emailOnlySchema, async ({ email }): Promise<SentTo> => {
        await requestSignInCode(deps, email);
        return { email };
      });
    case "verify_code":
      return runFormAction(intent, fields, codeSignInSchema, async (input) =>
        signedInOrCodeStep(await verifyEmailedSecret(deps, { type: "email", ...input }), next, request),
      );
    case "verify_link":
      return runFormAction(intent, fields, linkVerifySchema, async (input) => {
        const session = await verifyEmailedSecret(deps, input);
        // docs/product.md#accounts: a recovery link opens update password, signed in.
        return signedInOrCodeStep(session, input.type === "recovery" ? viewPath(url, "update_password") : next, request);
      });
    case "update_password":
      return runFormAction(intent, fields, updatePasswordSchema, async (input): Promise<SentTo> => {
        const { session, familyId } = await getRequestSession(request, context);
        if (!session) throw new NotSignedIn();
        await enforceRateLimit(deps.db, RATE_LIMITS.credentialsIp, requestIp(request));
        await enforceRateLimit(deps.db, RATE_LIMITS.passwordChange, session.user.id);
        await changePassword(deps, session.user, familyId, input);
        return { email: session.user.email };
      });
    case "two_factor":
      return runFormAction(intent, fields, twoFactorVerifySchema, (input) => twoFactorStep(deps, input, url, next, request));
  }
}

export async function authFormAction(args: ActionArgs) {
  const fields = await readFormFields(args.request);
  const intent = fields.intent;
  if (!isAuthIntent(intent)) return formFailure(intent ?? "", fields, new NotFound("There is no such form."));
  const deps: AuthDeps = { ...actionServices(args.context), client: sessionClientOf(args.request) };
  const refused = await guardFormAction(intent, fields, () => enforceLimits(deps, intent, args.request, fields));
  if (refused) return refused;
  return runIntent(intent, fields, deps, args);
}
