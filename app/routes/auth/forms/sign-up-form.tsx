import { useState } from "react";
import { PasswordField } from "~/components/auth/password-field";
import { HumanCheck } from "~/components/forms/human-check";
import { useFormAction } from "~/components/forms/use-form-action";
import { confirmations, fieldLabels, viewCopy } from "~/content/auth";
import { authRedirectUrl, signUp } from "~/lib/auth-client";
import { PROOF_FIELD } from "@core/bot-protection";
import { type SessionInfo, signUpSchema } from "@core/schemas/auth";
import { AuthForm, EmailField, type SharedEmail, SubmitButton } from "./parts";

const copy = viewCopy.sign_up;

/** Email and a new password; the answer asks to confirm the address (docs/product.md#accounts). */
export function SignUpForm({ email, setEmail, next, onSignedIn }: SharedEmail & { next: string; onSignedIn: (session: SessionInfo) => void }) {
  const [password, setPassword] = useState("");
  const form = useFormAction({
    intent: "sign_up",
    schema: signUpSchema,
    send: async (input, fields) => {
      const { session } = await signUp(input.email, input.password, authRedirectUrl(window.location.origin, next), fields[PROOF_FIELD]);
      return { email: input.email, session };
    },
    answers: "inline",
    resetOnSuccess: false,
    success: { title: copy.title, description: confirmations.signUp },
    onSuccess: ({ session }) => {
      // A user but no session means the address must be confirmed first.
      if (session) onSignedIn(session);
      else setPassword("");
    },
  });
  return (
    <AuthForm form={form}>
      <EmailField email={email} setEmail={setEmail} error={form.errors.email} autoComplete="username" />
      <PasswordField
        name="password"
        label={fieldLabels.password}
        value={password}
        onChange={setPassword}
        autoComplete="new-password"
        hint={fieldLabels.passwordHint}
        error={form.errors.password}
      />
      <HumanCheck />
      <SubmitButton pending={form.pending} label={copy.submit} pendingLabel={copy.pending} />
    </AuthForm>
  );
}
