import { HumanCheck } from "~/components/forms/human-check";
import { useFormAction } from "~/components/forms/use-form-action";
import { confirmations, viewCopy } from "~/content/auth";
import { authRedirectUrl, sendMagicLink, sendPasswordReset } from "~/lib/auth-client";
import { PROOF_FIELD } from "@core/bot-protection";
import { emailOnlySchema } from "@core/schemas/auth";
import type { HumanProof } from "~/lib/auth-client";
import type { SentTo } from "../intents";
import { AuthForm, EmailField, type SharedEmail, SubmitButton } from "./parts";

type Props = SharedEmail & { next: string };

/** The views that only need an email (each view's form has the view's name): they send a link and say so. */
function EmailLinkForm({
  view,
  email,
  setEmail,
  request,
  confirmation,
}: SharedEmail & { view: "magic_link" | "forgotten_password"; request: (email: string, proof: HumanProof) => Promise<void>; confirmation: string }) {
  const copy = viewCopy[view];
  const form = useFormAction({
    intent: view,
    schema: emailOnlySchema,
    send: async ({ email }, fields): Promise<SentTo> => {
      await request(email, fields[PROOF_FIELD]);
      return { email };
    },
    answers: "inline",
    resetOnSuccess: false,
    success: { title: copy.title, description: confirmation },
  });
  return (
    <AuthForm form={form}>
      <EmailField email={email} setEmail={setEmail} error={form.errors.email} />
      <HumanCheck />
      <SubmitButton pending={form.pending} label={copy.submit} pendingLabel={copy.pending} />
    </AuthForm>
  );
}

export function MagicLinkForm({ next, ...shared }: Props) {
  return (
    <EmailLinkForm
      {...shared}
      view="magic_link"
      confirmation={confirmations.magicLink}
      request={(email, proof) => sendMagicLink(email, authRedirectUrl(window.location.origin, next), proof)}
    />
  );
}

export function ForgottenPasswordForm({ next, ...shared }: Props) {
  return (
    <EmailLinkForm
      {...shared}
      view="forgotten_password"
      confirmation={confirmations.recovery}
      request={(email, proof) => sendPasswordReset(email, authRedirectUrl(window.location.origin, next), proof)}
    />
  );
}
