// The account page's forms posted by a browser without JavaScript (with JavaScript they call /api/account): the
// retention setting, the deletion code and the deletion itself, and signing sessions out (sessions.server.ts), with
// the API's limits, schemas and services.
import { data, redirect, type RouterContextProvider } from "react-router";
import type { FormResult } from "@core/schemas/form-result";
import { ACCOUNT_INTENTS, accountSettingsSchema, deleteAccountSchema, retentionFormInput } from "@core/schemas/account";
import { SESSION_INTENTS } from "@core/schemas/session-list";
import { isCredentialIntent } from "@core/schemas/credentials";
import { enforceRateLimit, requestIp } from "@worker/lib/rate-limit";
import { RATE_LIMITS } from "@worker/lib/rate-limit-rules";
import { deleteAccount, findAccount, saveRetention } from "@worker/services/account/data";
import { confirmAccountDeletion, sendDeletionCode } from "@worker/services/account/deletion";
import { clearedSessionCookies } from "@worker/services/auth/sessions";
import { NotFound, NotSignedIn } from "@worker/services/errors";
import { actionServices, formFailure, guardFormAction, readFormFields, runFormAction } from "~/lib/form-action.server";
import { requireUser } from "~/lib/permissions.server";
import { sessionHeaders } from "~/lib/session.server";
import { signOutOtherSessionsForm, signOutSessionForm } from "./sessions.server";
import { isPasskeyIntent, passkeyFormAction } from "./passkeys.server";
import { isTwoFactorIntent, twoFactorFormAction } from "./two-factor.server";
import { credentialsForm } from "./credentials.server";
import { HISTORY_INTENTS } from "@core/schemas/translation-history";
import { saveHistoryForm } from "../translate/controls.server";
import { apiKeyFormAction, isApiKeyIntent } from "./api-keys.server";

type Args = { request: Request; context: Readonly<RouterContextProvider> };
type Fields = Record<string, string>;
/** A signed-in post: who, their session (refresh-token family), the refreshed cookies to carry back, and the services. */
export type Signed = { userId: string; familyId: string | null; headers: Headers; request: Request; services: ReturnType<typeof actionServices> };

/** The signed-in user's row; a session whose account was deleted meanwhile is no session (as in the API). */
async function currentAccount({ services, userId }: Signed) {
  const account = await findAccount(services.db, userId);
  if (!account) throw new NotSignedIn();
  return account;
}

function saveRetentionForm(signed: Signed, fields: Fields) {
  return runFormAction(
    ACCOUNT_INTENTS.retention,
    fields,
    accountSettingsSchema,
    async ({ historyRetentionDays }) => {
      await saveRetention(signed.services.db, (await currentAccount(signed)).id, historyRetentionDays);
      return { historyRetentionDays };
    },
    { headers: signed.headers, input: retentionFormInput(fields) },
  );
}

async function sendDeletionCodeForm(signed: Signed, fields: Fields) {
  const { db, env } = signed.services;
  const intent = ACCOUNT_INTENTS.deleteCode;
  const refused = await guardFormAction(
    intent,
    fields,
    async () => {
      await enforceRateLimit(db, RATE_LIMITS.accountDeleteCodeIp, requestIp(signed.request));
      await enforceRateLimit(db, RATE_LIMITS.accountDeleteCode, signed.userId);
      await sendDeletionCode(db, env, await currentAccount(signed));
    },
    { headers: signed.headers },
  );
  return refused ?? data<FormResult<null>>({ ok: true, intent, data: null }, { headers: signed.headers });
}

async function deleteAccountForm(signed: Signed, fields: Fields) {
  const { db } = signed.services;
  const intent = ACCOUNT_INTENTS.deleteAccount;
  const refused = await guardFormAction(
    intent,
    fields,
    async () => {
      await enforceRateLimit(db, RATE_LIMITS.accountDeleteIp, requestIp(signed.request));
      await enforceRateLimit(db, RATE_LIMITS.accountDelete, signed.userId);
    },
    { headers: signed.headers },
  );
  if (refused) return refused;
  const answer = await runFormAction(
    intent,
    fields,
    deleteAccountSchema,
    async (input) => {
      const account = await currentAccount(signed);
      await confirmAccountDeletion(db, account, input);
      await deleteAccount(db, account);
      return null;
    },
    { headers: signed.headers },
  );
  if (!answer.data.ok) return answer;
  // Every session of the account ended with it: clear this browser's cookies (no refreshed ones), and go home.
  const headers = new Headers();
  for (const cookie of clearedSessionCookies(signed.request.url)) headers.append("Set-Cookie", cookie);
  return redirect("/", { headers });
}

/** Runs the form the post names; a visitor is sent to sign in first, and comes back to /account. */
export async function accountAction({ request, context }: Args) {
  const resolved = await requireUser({ request, context, url: new URL(request.url) });
  const signed: Signed = {
    userId: resolved.session.user.id,
    familyId: resolved.familyId,
    headers: sessionHeaders(resolved),
    request,
    services: actionServices(context),
  };
  const fields = await readFormFields(request);
  if (fields.intent === ACCOUNT_INTENTS.retention) return saveRetentionForm(signed, fields);
  if (fields.intent === ACCOUNT_INTENTS.deleteCode) return sendDeletionCodeForm(signed, fields);
  if (fields.intent === ACCOUNT_INTENTS.deleteAccount) return deleteAccountForm(signed, fields);
  if (fields.intent === HISTORY_INTENTS.saveHistory) return saveHistoryForm(signed.services.db, signed.userId, fields, signed.headers);
  if (fields.intent === SESSION_INTENTS.signOut) return signOutSessionForm(signed, fields);
  if (fields.intent === SESSION_INTENTS.signOutOthers) return signOutOtherSessionsForm(signed, fields);
  if (isPasskeyIntent(fields.intent)) return passkeyFormAction(signed, fields);
  if (isTwoFactorIntent(fields.intent)) return twoFactorFormAction(signed, fields);
  if (isApiKeyIntent(fields.intent)) return apiKeyFormAction(signed, fields);
  if (isCredentialIntent(fields.intent))
    return credentialsForm(fields.intent, fields, { ...signed, user: resolved.session.user, familyId: resolved.familyId });
  return formFailure(fields.intent ?? "", fields, new NotFound("There is no such form."), { headers: signed.headers });
}
