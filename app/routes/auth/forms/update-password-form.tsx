import { useState } from "react";
import { PasswordField } from "~/components/auth/password-field";
import { useFormAction } from "~/components/forms/use-form-action";
import { confirmations, fieldLabels, viewCopy } from "~/content/auth";
import { updatePassword } from "~/lib/auth-client";
import { type SessionInfo, updatePasswordSchema } from "@core/schemas/auth";
import { AuthForm, SubmitButton } from "./parts";

const copy = viewCopy.update_password;

/** A new password for the signed-in user (after a recovery link); other sessions end. */
export function UpdatePasswordForm({ onUpdated }: { onUpdated: (session: SessionInfo) => void }) {
  const [password, setPassword] = useState("");
  const form = useFormAction({
    intent: "update_password",
    schema: updatePasswordSchema,
    send: ({ password }) => updatePassword(password),
    answers: "inline",
    resetOnSuccess: false,
    success: { title: copy.title, description: confirmations.passwordUpdated },
    onSuccess: onUpdated,
  });
  return (
    <AuthForm form={form}>
      <PasswordField
        name="password"
        label={fieldLabels.newPassword}
        value={password}
        onChange={setPassword}
        autoComplete="new-password"
        hint={fieldLabels.passwordHint}
        error={form.errors.password}
      />
      <SubmitButton pending={form.pending} label={copy.submit} pendingLabel={copy.pending} />
    </AuthForm>
  );
}
