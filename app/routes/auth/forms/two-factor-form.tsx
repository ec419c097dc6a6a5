import { useState } from "react";
import { Link } from "react-router";
import { TextField } from "~/components/forms/fields";
import { useFormAction } from "~/components/forms/use-form-action";
import { linkStates } from "~/content/auth";
import { codeStep } from "~/content/two-factor";
import { verifyTwoFactor } from "~/lib/two-factor-client";
import type { SessionInfo } from "@core/schemas/auth";
import { TWO_FACTOR_SIGN_IN_INTENT, twoFactorVerifySchema } from "@core/schemas/two-factor";
import { viewLinkClass } from "../views";
import { AuthForm, SubmitButton } from "./parts";

type Props = {
  challenge: string;
  /** `recovery`: the first step was a password recovery link, so the screen goes on to choose a new password. */
  onSignedIn: (session: SessionInfo, recovery: boolean) => void;
  /** Back to the first step (the view's own form); without JavaScript the link loads that view afresh. */
  restartSearch: string;
  onRestart: () => void;
};

/**
 * docs/product.md#accounts: the second step of signing in when two-factor sign-in is on. The challenge the first step
 * answered rides along in a hidden field; a TOTP code or a backup code completes it. Without JavaScript the action
 * signs in and redirects to `next` itself.
 */
export function TwoFactorForm({ challenge, onSignedIn, restartSearch, onRestart }: Props) {
  const [code, setCode] = useState("");
  const form = useFormAction({
    intent: TWO_FACTOR_SIGN_IN_INTENT,
    schema: twoFactorVerifySchema,
    send: ({ challenge, code }) => verifyTwoFactor(challenge, code),
    answers: "inline",
    resetOnSuccess: false,
    success: { title: codeStep.title, description: linkStates.redirecting },
    onSuccess: ({ session, recovery }) => onSignedIn(session, recovery),
  });
  return (
    <AuthForm form={form}>
      <input type="hidden" name="challenge" value={challenge} />
      <TextField
        autoFocus
        name="code"
        label={codeStep.label}
        hint={codeStep.hint}
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={24}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={form.errors.code}
        className="[&_input]:text-center [&_input]:font-mono [&_input]:text-lg [&_input]:tracking-[0.3em]"
      />
      <SubmitButton pending={form.pending} label={codeStep.submit} pendingLabel={codeStep.pending} />
      <p className="text-center text-sm">
        <Link
          to={{ search: restartSearch }}
          className={viewLinkClass}
          onClick={(event) => {
            event.preventDefault();
            onRestart();
          }}
        >
          {codeStep.startAgain}
        </Link>
      </p>
    </AuthForm>
  );
}
