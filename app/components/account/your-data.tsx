// "Your data" on the account page (docs/product.md#account-page, #privacy): download a copy
// of everything, choose how long conversations are kept, delete the account.
import { Download } from "lucide-react";
import { EXPORT_URL } from "~/lib/account-client";
import type { AccountSettings } from "@core/schemas/account";
import { DeleteAccount } from "./delete-account";
import { DeleteAccountInPage } from "./delete-account-in-page";
import { RetentionSetting } from "./retention-setting";

export function YourData({ settings }: { settings: AccountSettings }) {
  return (
    <section aria-labelledby="your-data-title" className="mt-6 border-t border-slate-200 pt-10">
      <h2 id="your-data-title" className="text-2xl font-bold tracking-tight text-slate-900">
        Your data
      </h2>
      <p className="mt-2 max-w-2xl text-slate-600">
        Everything Parley stores about you is yours: take a copy, decide how long your conversations are kept, or delete it all.
      </p>

      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <div className="card flex flex-col">
          <h3 className="font-semibold text-slate-900">Export my data</h3>
          <p className="mt-2 flex-1 text-sm text-slate-600">
            One JSON file with your account, settings, conversations and messages, translations, comments, posts, subscriptions, signed-in devices,
            API keys (never the keys themselves) and the messages you sent us with this email address.
          </p>
          {/* A plain download link: the server answers with an attachment, so one click saves the file. */}
          <a href={EXPORT_URL} download className="btn-secondary mt-4 self-start">
            <Download className="size-4" aria-hidden />
            Export my data
          </a>
        </div>

        <RetentionSetting initialDays={settings.historyRetentionDays} />

        <DeleteAccount hasPassword={settings.hasPassword} />
      </div>
      <DeleteAccountInPage hasPassword={settings.hasPassword} />
    </section>
  );
}
