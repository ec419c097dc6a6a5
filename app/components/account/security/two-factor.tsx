// Two-factor sign-in on the account page (docs/product.md#accounts): set up (QR code, the key as text, the otpauth://
// link), confirm with a code, the backup codes shown once, and — with a fresh code — new backup codes or turning it
// off. Every form posts to the account page's action, with JavaScript on (a fetcher) or off (the page comes back).
import { ShieldCheck } from "lucide-react";
import { useState } from "react";
import { TextField } from "~/components/forms/fields";
import { FormNotice, IntentField } from "~/components/forms/form-notice";
import { useFormAction } from "~/components/forms/use-form-action";
import { twoFactorCopy as copy } from "~/content/two-factor";
import { useHydrated } from "~/lib/use-hydrated";
import { type BackupCodes, TWO_FACTOR_INTENTS, type TwoFactorSection, type TwoFactorSetup } from "@core/schemas/two-factor";
import { QrCode } from "./qr-code";

/** The base32 key in groups of four, as authenticator apps show it. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

type FormHook = ReturnType<typeof useFormAction<BackupCodes | null>>;
type CodeFormProps = { form: FormHook; label: string; submit: string; pending: string };

/**
 * A form of one code field and a button; a refusal shows under it (JavaScript on or off). Its hook lives in the
 * section, which stays on the page when the loader's new state replaces this form (the answer must outlive it).
 */
function CodeForm({ form, label, submit, pending }: CodeFormProps) {
  return (
    <form.Form {...form.formProps} action="/account#two-factor" className="space-y-3">
      <IntentField intent={form.intent} />
      <TextField
        name="code"
        label={label}
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={24}
        error={form.errors.code}
      />
      {form.formError && !form.errors.code && <FormNotice notice={{ kind: "error", title: submit, description: form.formError }} />}
      <button type="submit" className="btn-secondary" disabled={form.pending} aria-busy={form.pending || undefined}>
        {form.pending ? pending : submit}
      </button>
    </form.Form>
  );
}

function BackupCodeList({ codes }: { codes: string[] }) {
  return (
    <div role="status" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <h4 className="font-semibold text-amber-950">{copy.backupTitle}</h4>
      <p className="mt-1 text-sm text-amber-900">{copy.backupText}</p>
      <ul aria-label={copy.backupTitle} className="mt-3 grid grid-cols-2 gap-2 font-mono text-sm text-slate-900">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </div>
  );
}

function PendingSetup({ setup, enable }: { setup: TwoFactorSetup; enable: FormHook }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  return (
    <div className="mt-4 space-y-4">
      <p className="text-sm text-slate-700">{copy.scan}</p>
      <QrCode value={setup.uri} label={copy.qrLabel} />
      <div>
        <p className="text-sm font-medium text-slate-900">{copy.secretLabel}</p>
        <p className="mt-1 flex flex-wrap items-center gap-3">
          <code id="two-factor-secret" className="rounded bg-slate-100 px-2 py-1 font-mono text-sm break-all select-all">
            {grouped(setup.secret)}
          </code>
          {hydrated && (
            <button
              type="button"
              className="text-sm font-medium text-brand-700 underline underline-offset-2"
              onClick={() => void navigator.clipboard.writeText(setup.secret).then(() => setCopied(true))}
            >
              {copied ? "Copied" : "Copy key"}
            </button>
          )}
        </p>
      </div>
      <p className="text-sm">
        <a href={setup.uri} className="font-medium text-brand-700 underline underline-offset-2">
          {copy.uriLabel}
        </a>
      </p>
      <CodeForm form={enable} label={copy.confirmLabel} submit={copy.confirm} pending={copy.confirming} />
    </div>
  );
}

const codesOf = (form: FormHook) => (form.result?.ok ? (form.result.data?.backupCodes ?? null) : null);

/** The section's code forms, and the backup codes the last of them to answer showed (a fetcher's, or the page's without JavaScript). */
function useCodeForms() {
  const [latest, setLatest] = useState<"enable" | "renew" | null>(null);
  const enable = useFormAction<BackupCodes | null>({ intent: TWO_FACTOR_INTENTS.enable, answers: "inline", onSuccess: () => setLatest("enable") });
  const renew = useFormAction<BackupCodes | null>({ intent: TWO_FACTOR_INTENTS.backupCodes, answers: "inline", onSuccess: () => setLatest("renew") });
  const disable = useFormAction<BackupCodes | null>({ intent: TWO_FACTOR_INTENTS.disable, answers: "inline", onSuccess: () => setLatest(null) });
  const shownCodes = latest === "enable" ? codesOf(enable) : latest === "renew" ? codesOf(renew) : (codesOf(renew) ?? codesOf(enable));
  return { enable, renew, disable, shownCodes };
}

export function TwoFactorSetting({ section }: { section: TwoFactorSection }) {
  const setUp = useFormAction({ intent: TWO_FACTOR_INTENTS.setup, answers: "inline" });
  const { enable, renew, disable, shownCodes } = useCodeForms();
  const highlight = section.requiredForOwner && !section.enabled;
  return (
    <section
      id="two-factor"
      aria-labelledby="two-factor-title"
      className={`card mt-10 scroll-mt-16 ${highlight ? "border-amber-400 ring-2 ring-amber-300" : ""}`}
    >
      <h2 id="two-factor-title" className="flex items-center gap-2 text-xl font-bold tracking-tight text-slate-900">
        <ShieldCheck className="size-5 text-brand-600" aria-hidden />
        {copy.title}
      </h2>
      {highlight && (
        <p role="alert" className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {copy.requiredForOwner}
        </p>
      )}
      <p className="mt-2 max-w-2xl text-slate-600">{section.enabled ? copy.onText : copy.offText}</p>

      {section.enabled ? (
        <>
          {shownCodes && <BackupCodeList codes={shownCodes} />}
          <p className="mt-3 text-sm text-slate-600">{copy.backupLeft(section.backupCodesLeft)}</p>
          <div className="mt-4 grid gap-6 md:grid-cols-2">
            <CodeForm form={renew} label={copy.codeLabel} submit={copy.renew} pending={copy.renewing} />
            <CodeForm form={disable} label={copy.codeLabel} submit={copy.disable} pending={copy.disabling} />
          </div>
        </>
      ) : section.pending ? (
        <PendingSetup setup={section.pending} enable={enable} />
      ) : (
        <setUp.Form {...setUp.formProps} action="/account#two-factor" className="mt-4">
          <IntentField intent={setUp.intent} />
          <button type="submit" className="btn-primary" disabled={setUp.pending} aria-busy={setUp.pending || undefined}>
            {setUp.pending ? copy.settingUp : copy.setUp}
          </button>
          {setUp.formError && <FormNotice notice={{ kind: "error", title: copy.setUp, description: setUp.formError }} />}
        </setUp.Form>
      )}
    </section>
  );
}
