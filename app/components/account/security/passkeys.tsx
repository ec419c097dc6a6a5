// Passkeys on the account page (docs/product.md#accounts, docs/decisions/0016-passkeys.md): add one (WebAuthn needs
// JavaScript, and the page says so without it), and rename or remove each one with plain forms that post to the
// page's action with or without JavaScript.
import { KeyRound } from "lucide-react";
import { useEffect, useState } from "react";
import { useActionData, useRevalidator } from "react-router";
import { formatDate, isoDate } from "@core/format";
import { TextField } from "~/components/forms/fields";
import { FormNotice, IntentField } from "~/components/forms/form-notice";
import { type FormNotice as Notice, useFormAction } from "~/components/forms/use-form-action";
import { errorMessage } from "~/lib/api";
import { PASSKEY_CANCELLED_MESSAGE, passkeyCancelled, passkeysSupported, registerPasskey } from "~/lib/passkeys-client";
import { notify } from "~/lib/toast";
import { useHydrated } from "~/lib/use-hydrated";
import type { FormResult } from "@core/schemas/form-result";
import { PASSKEY_INTENTS, PASSKEY_NAME_MAX, type PasskeyRemoval, type PasskeySummary } from "@core/schemas/passkeys";

const RENAMED = "Passkey renamed";
const REMOVED = "Passkey removed";
const EMAIL_ONLY = "You have no passkey or password left: you can still sign in with a link or code sent to your email.";

function removedMessage({ emailSignInOnly }: PasskeyRemoval) {
  return { title: REMOVED, description: emailSignInOnly ? EMAIL_ONLY : "It can no longer sign in to your account." };
}

/** The answer to a passkey form posted without JavaScript, said once above the list (the item may be gone). */
function pageNotice(answer: FormResult | undefined): Notice | null {
  if (answer?.intent !== PASSKEY_INTENTS.rename && answer?.intent !== PASSKEY_INTENTS.remove) return null;
  if (!answer.ok) return { kind: "error", title: "Could not change the passkey", description: answer.error.message };
  if (answer.intent === PASSKEY_INTENTS.remove) return { kind: "success", ...removedMessage(answer.data as PasskeyRemoval) };
  return { kind: "success", title: RENAMED, description: `It is now called “${(answer.data as PasskeySummary).name}”.` };
}

function AddPasskey() {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const [supported, setSupported] = useState<boolean | null>(null);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    void passkeysSupported().then(setSupported);
  }, []);

  async function add() {
    setPending(true);
    try {
      const passkey = await registerPasskey();
      notify("success", "Passkey added", `“${passkey.name}” can now sign you in. You can rename it below.`);
      await revalidator.revalidate();
    } catch (error) {
      if (passkeyCancelled(error)) notify("info", "No passkey added", PASSKEY_CANCELLED_MESSAGE);
      else notify("error", "Could not add the passkey", errorMessage(error));
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="mt-4">
      <noscript>
        <p className="text-sm text-slate-700">Adding a passkey needs JavaScript: your browser talks to your device's passkey for it.</p>
      </noscript>
      {hydrated && supported === false ? (
        <p className="text-sm text-slate-700">This browser cannot create passkeys.</p>
      ) : (
        <button
          type="button"
          className="btn-primary noscript:hidden"
          onClick={add}
          disabled={!hydrated || !supported || pending}
          aria-busy={pending || undefined}
        >
          <KeyRound className="size-4" aria-hidden />
          {pending ? "Waiting for your passkey…" : "Add a passkey"}
        </button>
      )}
    </div>
  );
}

function PasskeyItem({ passkey, lastWayIn }: { passkey: PasskeySummary; lastWayIn: boolean }) {
  const rename = useFormAction<PasskeySummary>({
    intent: PASSKEY_INTENTS.rename,
    action: "/account#passkeys",
    success: (renamed) => ({ title: RENAMED, description: `It is now called “${renamed.name}”.` }),
    resetOnSuccess: false,
  });
  const remove = useFormAction<PasskeyRemoval>({ intent: PASSKEY_INTENTS.remove, action: "/account#passkeys", success: removedMessage });
  const refused = rename.result && !rename.result.ok && rename.result.values.passkeyId === passkey.id ? rename.result : undefined;
  const titleId = `passkey-${passkey.id}`;

  return (
    <li className="card" aria-labelledby={titleId}>
      <p id={titleId} className="font-semibold break-words text-slate-900">
        {passkey.name}
      </p>
      <p className="mt-1 text-sm text-slate-600">
        Added <time dateTime={isoDate(passkey.createdAt)}>{formatDate(passkey.createdAt)}</time>
        {" · "}
        {passkey.lastUsedAt === null ? (
          "Not used yet"
        ) : (
          <>
            Last used <time dateTime={isoDate(passkey.lastUsedAt)}>{formatDate(passkey.lastUsedAt)}</time>
          </>
        )}
      </p>
      <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-end">
        <rename.Form {...rename.formProps} className="flex flex-1 flex-col gap-2 sm:flex-row sm:items-end">
          <IntentField intent={rename.intent} />
          <input type="hidden" name="passkeyId" value={passkey.id} />
          <TextField
            name="name"
            label="Name"
            defaultValue={refused?.values.name ?? passkey.name}
            maxLength={PASSKEY_NAME_MAX}
            error={refused?.error.fields?.name}
            className="flex-1"
          />
          <button type="submit" className="btn-secondary" disabled={rename.pending} aria-busy={rename.pending || undefined}>
            Rename
          </button>
        </rename.Form>
        <remove.Form {...remove.formProps}>
          <IntentField intent={remove.intent} />
          <input type="hidden" name="passkeyId" value={passkey.id} />
          <button type="submit" className="btn-secondary" disabled={remove.pending} aria-busy={remove.pending || undefined}>
            Remove<span className="sr-only"> {passkey.name}</span>
          </button>
        </remove.Form>
      </div>
      {lastWayIn && <p className="mt-3 text-sm text-amber-800">This is your only passkey and your account has no password: {EMAIL_ONLY}</p>}
    </li>
  );
}

export function Passkeys({ passkeys, hasPassword }: { passkeys: PasskeySummary[]; hasPassword: boolean }) {
  const answer = useActionData() as FormResult | undefined;
  return (
    <section id="passkeys" aria-labelledby="passkeys-title" className="mt-6 scroll-mt-16 border-t border-slate-200 pt-10">
      <h2 id="passkeys-title" className="text-2xl font-bold tracking-tight text-slate-900">
        Passkeys
      </h2>
      <p className="mt-2 max-w-2xl text-slate-600">
        Sign in with your device's fingerprint, face or screen lock instead of a password or an emailed link. A passkey stays on your device (or in
        your password manager); Parley keeps only its public key.
      </p>
      <AddPasskey />
      <div className="mt-4 empty:hidden">
        <FormNotice notice={pageNotice(answer)} />
      </div>
      {passkeys.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">You have no passkeys yet.</p>
      ) : (
        <ul className="mt-6 grid gap-4 lg:grid-cols-2" aria-label="Your passkeys">
          {passkeys.map((passkey) => (
            <PasskeyItem key={passkey.id} passkey={passkey} lastWayIn={passkeys.length === 1 && !hasPassword} />
          ))}
        </ul>
      )}
    </section>
  );
}
