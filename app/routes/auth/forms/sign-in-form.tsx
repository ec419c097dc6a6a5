import { useState } from "react";
import { PasswordField } from "~/components/auth/password-field";
import { useFormAction } from "~/components/forms/use-form-action";
import { fieldLabels, linkStates, viewCopy } from "~/content/auth";
import { type FirstStep, signInWithPassword } from "~/lib/auth-client";
import { signInSchema } from "@core/schemas/auth";
import { AuthForm, EmailField, type SharedEmail, SubmitButton } from "./parts";

const copy = viewCopy.sign_in;

/**
 * Email and password. Without JavaScript the action signs in and redirects to `next` itself. With two-factor sign-in
 * on, the answer is the challenge of the code step (onSignedIn gets it, and the screen shows that step).
 */
export function SignInForm({ email, setEmail, onSignedIn }: SharedEmail & { onSignedIn: (step: FirstStep) => void }) {
  const [password, setPassword] = useState("");
  const form = useFormAction({
    intent: "sign_in",
    schema: signInSchema,
    send: (input) => signInWithPassword(input.email, input.password),
    answers: "inline",
    resetOnSuccess: false,
    success: { title: copy.title, description: linkStates.redirecting },
    onSuccess: onSignedIn,
  });
  return (
    <AuthForm form={form}>
      <EmailField email={email} setEmail={setEmail} error={form.errors.email} autoComplete="username webauthn" />
      <PasswordField
        name="password"
        label={fieldLabels.password}
        value={password}
        onChange={setPassword}
        autoComplete="current-password"
        error={form.errors.password}
      />
      <SubmitButton pending={form.pending} label={copy.submit} pendingLabel={copy.pending} />
    </AuthForm>
  );
}
