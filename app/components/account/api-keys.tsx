// API keys on the account page (docs/product.md#translator, docs/decisions/0019-libretranslate-api.md): create a key for
// a LibreTranslate client (shown once, right here), see each key's limits and last use, and revoke it. Both forms post
// to the page's action, with JavaScript through a fetcher and without it as a page post.
import { Copy, KeySquare } from "lucide-react";
import { useState } from "react";
import { formatCount, formatDate, isoDate } from "@core/format";
import { TextField } from "~/components/forms/fields";
import { FormNotice, IntentField } from "~/components/forms/form-notice";
import { useFormAction } from "~/components/forms/use-form-action";
import { useHydrated } from "~/lib/use-hydrated";
import { API_KEY_INTENTS, API_KEY_LIMITS, API_KEY_NAME_MAX, type ApiKeySummary, type CreatedApiKey } from "@core/schemas/api-keys";

const { requestsPerMinute: rpm, charsPerDay: cpd } = API_KEY_LIMITS;

/** The base URL a LibreTranslate client needs: this site's address and /lt. */
function BaseUrl() {
  const hydrated = useHydrated();
  return <code className="rounded bg-slate-100 px-1 py-0.5 text-slate-900">{hydrated ? `${window.location.origin}/lt` : "/lt"}</code>;
}

/** The new key, this once: it is not stored anywhere Parley could show it again. */
function NewKey({ created }: { created: CreatedApiKey }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  return (
    <div role="status" className="mt-4 rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-emerald-950">
      <p className="font-semibold">Key “{created.summary.name}” created</p>
      <p className="mt-1 text-sm">Copy it now: it is shown only this once. Parley keeps only a fingerprint of it.</p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center">
        <label htmlFor="new-api-key" className="sr-only">
          Your new API key
        </label>
        <input
          id="new-api-key"
          readOnly
          value={created.key}
          className="input flex-1 font-mono text-sm"
          onFocus={(event) => event.currentTarget.select()}
        />
        {hydrated && (
          <button type="button" className="btn-secondary" onClick={() => void navigator.clipboard.writeText(created.key).then(() => setCopied(true))}>
            <Copy className="size-4" aria-hidden />
            {copied ? "Copied" : "Copy key"}
          </button>
        )}
      </div>
    </div>
  );
}

function CreateKey() {
  const create = useFormAction<CreatedApiKey>({ intent: API_KEY_INTENTS.create, action: "/account#api-keys", answers: "form" });
  const created = create.result?.ok ? create.result.data : null;
  return (
    <div className="card mt-6">
      <h3 className="font-semibold text-slate-900">Create a key</h3>
      <create.Form {...create.formProps} className="mt-4 grid gap-4 sm:grid-cols-3 sm:items-end">
        <IntentField intent={create.intent} />
        <TextField
          name="name"
          label="Name"
          hint="Which app uses it"
          maxLength={API_KEY_NAME_MAX}
          defaultValue={create.values.name}
          error={create.errors.name}
        />
        <TextField
          name="requestsPerMinute"
          label="Requests per minute"
          type="number"
          inputMode="numeric"
          min={rpm.min}
          max={rpm.max}
          defaultValue={create.values.requestsPerMinute ?? String(rpm.default)}
          error={create.errors.requestsPerMinute}
        />
        <TextField
          name="charsPerDay"
          label="Characters per day"
          type="number"
          inputMode="numeric"
          min={cpd.min}
          max={cpd.max}
          defaultValue={create.values.charsPerDay ?? String(cpd.default)}
          error={create.errors.charsPerDay}
        />
        <button
          type="submit"
          className="btn-primary sm:col-span-3 sm:justify-self-start"
          disabled={create.pending}
          aria-busy={create.pending || undefined}
        >
          <KeySquare className="size-4" aria-hidden />
          Create key
        </button>
      </create.Form>
      {create.formError && <FormNotice notice={{ kind: "error", title: "Could not create the key", description: create.formError }} />}
      {created && <NewKey created={created} />}
    </div>
  );
}

/** Revoking: one form per key, all sent through the section's one fetcher (it stays while the key leaves the list). */
type Revoke = ReturnType<typeof useRevoke>;
const useRevoke = () =>
  useFormAction<{ id: string }>({
    intent: API_KEY_INTENTS.revoke,
    action: "/account#api-keys",
    success: { title: "Key revoked", description: "It no longer works." },
  });

function KeyItem({ apiKey, revoke }: { apiKey: ApiKeySummary; revoke: Revoke }) {
  const titleId = `api-key-${apiKey.id}`;
  return (
    <li className="card flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between" aria-labelledby={titleId}>
      <div className="min-w-0">
        <p id={titleId} className="font-semibold break-words text-slate-900">
          {apiKey.name}
        </p>
        <p className="mt-1 font-mono text-sm text-slate-700">{apiKey.prefix}…</p>
        <p className="mt-1 text-sm text-slate-600">
          {formatCount(apiKey.requestsPerMinute)} requests a minute · {formatCount(apiKey.charsPerDay)} characters a day
        </p>
        <p className="mt-1 text-sm text-slate-600">
          Created <time dateTime={isoDate(apiKey.createdAt)}>{formatDate(apiKey.createdAt)}</time>
          {" · "}
          {apiKey.lastUsedAt === null ? (
            "Not used yet"
          ) : (
            <>
              Last used <time dateTime={isoDate(apiKey.lastUsedAt)}>{formatDate(apiKey.lastUsedAt)}</time>
            </>
          )}
        </p>
      </div>
      <revoke.Form {...revoke.formProps}>
        <IntentField intent={revoke.intent} />
        <input type="hidden" name="keyId" value={apiKey.id} />
        <button type="submit" className="btn-secondary" disabled={revoke.pending} aria-busy={revoke.pending || undefined}>
          Revoke<span className="sr-only"> {apiKey.name}</span>
        </button>
      </revoke.Form>
    </li>
  );
}

export function ApiKeys({ keys }: { keys: ApiKeySummary[] }) {
  const revoke = useRevoke();
  return (
    <section id="api-keys" aria-labelledby="api-keys-title" className="mt-6 scroll-mt-16 border-t border-slate-200 pt-10">
      <h2 id="api-keys-title" className="text-2xl font-bold tracking-tight text-slate-900">
        API keys
      </h2>
      <p className="mt-2 max-w-2xl text-slate-600">
        Use Parley's translator from apps that speak the LibreTranslate API: set their server address to <BaseUrl /> and give them a key. Each key has
        its own limits, and you can revoke it at any time.
      </p>
      <CreateKey />
      <div className="mt-4 empty:hidden">
        <FormNotice notice={revoke.notice} />
      </div>
      {keys.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">You have no API keys.</p>
      ) : (
        <ul className="mt-6 grid gap-4 lg:grid-cols-2" aria-label="Your API keys">
          {keys.map((apiKey) => (
            <KeyItem key={apiKey.id} apiKey={apiKey} revoke={revoke} />
          ))}
        </ul>
      )}
    </section>
  );
}
