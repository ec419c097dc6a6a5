// The account page (docs/product.md#account-page): who is signed in, a way to the chat, sign out, the user's own history
// in three tabs (components/account/history-*), their signed-in devices (components/account/security/sessions.tsx),
// and their data rights: export, retention, deletion.
import { MessageSquare } from "lucide-react";
import { data, Link, useLoaderData, type LoaderFunctionArgs, type MetaFunction, type ShouldRevalidateFunction } from "react-router";
import { HistoryTabs } from "~/components/account/history-tabs";
import { Sessions } from "~/components/account/security/sessions";
import { Passkeys } from "~/components/account/security/passkeys";
import { TwoFactorSetting } from "~/components/account/security/two-factor";
import { EmailSetting } from "~/components/account/security/email";
import { PasswordSetting } from "~/components/account/security/password";
import { YourData } from "~/components/account/your-data";
import { SaveHistoryToggle } from "~/components/translator/save-history-toggle";
import { savesHistory } from "@worker/services/translation/history-controls";
import { ApiKeys } from "~/components/account/api-keys";
import { RequireUser } from "~/components/auth/require-user";
import { SignOutButton } from "~/components/auth/sign-out-button";
import { clientFormAction } from "~/lib/client-form-action";
import { pageMeta } from "~/lib/meta";
import { requireUser } from "~/lib/permissions.server";
import { sessionHeaders } from "~/lib/session.server";
import type { AccountSettings } from "@core/schemas/account";
import type { ApiKeySummary } from "@core/schemas/api-keys";
import type { PasskeySummary } from "@core/schemas/passkeys";
import type { ActiveSession } from "@core/schemas/session-list";
import type { TwoFactorSection } from "@core/schemas/two-factor";
import { database } from "@worker/db/client";
import { readSettings } from "@worker/services/account/data";
import { listApiKeys } from "@worker/services/api-keys/keys";
import { listPasskeys } from "@worker/services/auth/passkeys/store";
import { listSessions } from "@worker/services/auth/sessions-list";
import { workerEnv } from "@worker/load-context";
import type { Route } from "./+types/route";
import { accountAction } from "./account.server";
import { twoFactorSection } from "./two-factor.server";

/**
 * The route guard on the server: signed-out visitors go to /auth?next=/account before anything renders.
 * The settings come with the page (no flash of a wrong retention value); the lists load in the browser.
 */
export async function loader({ request, context, url }: LoaderFunctionArgs) {
  const resolved = await requireUser({ request, context, url });
  const user = resolved.session.user;
  const env = workerEnv(context);
  const db = database(env.DB);
  const [settings, sessions, passkeys, twoFactor, saveTranslations, apiKeys] = await Promise.all([
    readSettings(db, user.id),
    listSessions(db, user.id, resolved.familyId),
    listPasskeys(db, user.id),
    twoFactorSection({ env, db }, user),
    savesHistory(db, user.id),
    listApiKeys(db, user.id),
  ]);
  return data<AccountLoaderData>(
    {
      email: user.email,
      settings: settings ?? { historyRetentionDays: null, hasPassword: false },
      sessions,
      passkeys,
      twoFactor,
      saveTranslations,
      apiKeys,
    },
    { headers: sessionHeaders(resolved) },
  );
}

export type AccountLoaderData = {
  email: string;
  settings: AccountSettings;
  sessions: ActiveSession[];
  passkeys: PasskeySummary[];
  twoFactor: TwoFactorSection;
  /** Whether the translator saves this user's translations (docs/product.md#translator). */
  saveTranslations: boolean;
  apiKeys: ApiKeySummary[];
};

/**
 * The retention and deletion forms post here when the browser runs no JavaScript (with JavaScript they call the API);
 * the session forms post here either way.
 */
export const action = (args: Route.ActionArgs) => accountAction(args);
export const clientAction = (args: Route.ClientActionArgs) => clientFormAction(args);

/**
 * Switching tabs only changes `?tab=`: nothing the loader reads, so no need to ask the server again. The same address
 * again (an explicit revalidation, e.g. after adding a passkey) does ask.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) =>
  formMethod || currentUrl.pathname !== nextUrl.pathname || currentUrl.search === nextUrl.search ? defaultShouldRevalidate : false;

export const meta: MetaFunction = (args) => [
  ...pageMeta(args, {
    title: "Your account",
    description: "Your Parley account: your AI conversations, translations and blog responses.",
    path: "/account",
  }),
  { name: "robots", content: "noindex" },
];

export default function AccountPage() {
  const { email, settings, sessions, passkeys, twoFactor, saveTranslations, apiKeys } = useLoaderData<AccountLoaderData>();
  return (
    <RequireUser>
      <section className="container-page section">
        <div className="flex flex-col gap-6 sm:flex-row sm:items-end sm:justify-between">
          <div className="min-w-0">
            <p className="eyebrow">Account</p>
            <h1 className="heading-2 mt-3">Your account</h1>
            <p className="mt-3 text-slate-600">
              Signed in as <span className="font-medium break-all text-slate-900">{email}</span>
            </p>
          </div>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Link to="/ai" className="btn-primary">
              <MessageSquare className="size-4" aria-hidden />
              Open AI Chat
            </Link>
            <SignOutButton />
          </div>
        </div>
        <TwoFactorSetting section={twoFactor} />
        <HistoryTabs />
        <section aria-label="Sign-in details" className="mt-10 grid gap-6 lg:grid-cols-2">
          <PasswordSetting hasPassword={settings.hasPassword} />
          <EmailSetting hasPassword={settings.hasPassword} />
        </section>
        <Sessions sessions={sessions} />
        <Passkeys passkeys={passkeys} hasPassword={settings.hasPassword} />
        <ApiKeys keys={apiKeys} />
        <YourData settings={settings} />
        <section aria-label="Translation history" className="card mt-10">
          <h2 className="text-lg font-semibold text-slate-900">Translation history</h2>
          <SaveHistoryToggle saveHistory={saveTranslations} />
        </section>
      </section>
    </RequireUser>
  );
}
