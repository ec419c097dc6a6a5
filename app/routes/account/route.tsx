// The account page (docs/product.md#account-page): who is signed in, a way to the chat, sign out, the user's own history
// in three tabs (components/account/history-*), and their data rights: export, retention, deletion.
import { MessageSquare } from "lucide-react";
import { data, Link, useLoaderData, type LoaderFunctionArgs, type MetaFunction, type ShouldRevalidateFunction } from "react-router";
import { HistoryTabs } from "~/components/account/history-tabs";
import { EmailSetting } from "~/components/account/security/email";
import { PasswordSetting } from "~/components/account/security/password";
import { YourData } from "~/components/account/your-data";
import { RequireUser } from "~/components/auth/require-user";
import { SignOutButton } from "~/components/auth/sign-out-button";
import { pageMeta } from "~/lib/meta";
import { requireUser } from "~/lib/permissions.server";
import { sessionHeaders } from "~/lib/session.server";
import type { AccountSettings } from "@core/schemas/account";
import { database } from "@worker/db/client";
import { readSettings } from "@worker/services/account/data";
import { workerEnv } from "@worker/load-context";
import type { Route } from "./+types/route";
import { accountAction } from "./account.server";

/**
 * The route guard on the server: signed-out visitors go to /auth?next=/account before anything renders.
 * The settings come with the page (no flash of a wrong retention value); the lists load in the browser.
 */
export async function loader({ request, context, url }: LoaderFunctionArgs) {
  const resolved = await requireUser({ request, context, url });
  const user = resolved.session.user;
  const settings = await readSettings(database(workerEnv(context).DB), user.id);
  return data<AccountLoaderData>(
    { email: user.email, settings: settings ?? { historyRetentionDays: null, hasPassword: false } },
    { headers: sessionHeaders(resolved) },
  );
}

export type AccountLoaderData = { email: string; settings: AccountSettings };

/** The retention and deletion forms post here when the browser runs no JavaScript (with JavaScript they call the API). */
export const action = (args: Route.ActionArgs) => accountAction(args);

/** Switching tabs only changes `?tab=`: nothing the loader reads, so no need to ask the server again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) =>
  formMethod || currentUrl.pathname !== nextUrl.pathname ? defaultShouldRevalidate : false;

export const meta: MetaFunction = (args) => [
  ...pageMeta(args, {
    title: "Your account",
    description: "Your Parley account: your AI conversations, translations and blog responses.",
    path: "/account",
  }),
  { name: "robots", content: "noindex" },
];

export default function AccountPage() {
  const { email, settings } = useLoaderData<AccountLoaderData>();
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
        <HistoryTabs />
        <section aria-label="Sign-in details" className="mt-10 grid gap-6 lg:grid-cols-2">
          <PasswordSetting hasPassword={settings.hasPassword} />
          <EmailSetting hasPassword={settings.hasPassword} />
        </section>
        <YourData settings={settings} />
      </section>
    </RequireUser>
  );
}
