import { useFormAction } from "~/components/forms/use-form-action";
import { confirmations, viewCopy } from "~/content/auth";
import { authRedirectUrl, sendMagicLink, sendPasswordReset } from "~/lib/auth-client";
import { emailOnlySchema } from "@core/schemas/auth";
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
}: SharedEmail & { view: "magic_link" | "forgotten_password"; request: (email: string) => Promise<void>; confirmation: string }) {
  const copy = viewCopy[view];
  const form = useFormAction({
    intent: view,
    schema: emailOnlySchema,
    send: async ({ email }): Promise<SentTo> => {
      await request(email);
      return { email };
    },
    answers: "inline",
    resetOnSuccess: false,
    success: { title: copy.title, description: confirmation },
  });
  return (
    <AuthForm form={form}>
      <EmailField email={email} setEmail={setEmail} error={form.errors.email} />
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
      request={(email) => sendMagicLink(email, authRedirectUrl(window.location.origin, next))}
    />
  );
}

export function ForgottenPasswordForm({ next, ...shared }: Props) {
  return (
    <EmailLinkForm
      {...shared}
      view="forgotten_password"
      confirmation={confirmations.recovery}
      request={(email) => sendPasswordReset(email, authRedirectUrl(window.location.origin, next))}
    />
  );
}
