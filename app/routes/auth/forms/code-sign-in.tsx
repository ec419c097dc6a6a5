import { useState } from "react";
import { Link, useActionData } from "react-router";
import { TextField } from "~/components/forms/fields";
import { IntentField } from "~/components/forms/form-notice";
import { HumanCheck } from "~/components/forms/human-check";
import { useFormAction } from "~/components/forms/use-form-action";
import { confirmations, fieldLabels, linkStates, sendCode, viewCopy } from "~/content/auth";
import { type FirstStep, sendOtp, verifyOtp } from "~/lib/auth-client";
import { PROOF_FIELD } from "@core/bot-protection";
import { codeSignInSchema, emailOnlySchema } from "@core/schemas/auth";
import type { FormResult } from "@core/schemas/form-result";
import type { SentTo } from "../intents";
import { viewLinkClass } from "../views";
import { AuthForm, EmailField, type SharedEmail, SubmitButton } from "./parts";

type Step = "send_code" | "verify_code";

const copy = viewCopy.verify_otp;
/** The resend button sits in the code form but sends this one (forms cannot nest). */
const RESEND_FORM_ID = "send-code-again";

type Props = SharedEmail & { restartSearch: string; onSignedIn: (step: FirstStep) => void };

/** verify_otp: the email and "Send code" first, then the 6-digit code and "Verify token". */
export function CodeSignIn({ email, setEmail, restartSearch, onSignedIn }: Props) {
  const answer = useActionData() as FormResult | undefined;
  const [codeSent, setCodeSent] = useState(() => (answer?.intent === "send_code" && answer.ok) || (answer?.intent === "verify_code" && !answer.ok));
  // One box under the form: the answer of the form sent last.
  const [shown, setShown] = useState<Step | null>(answer?.intent === "send_code" || answer?.intent === "verify_code" ? answer.intent : null);
  const [code, setCode] = useState("");

  const sending = useFormAction({
    intent: "send_code",
    schema: emailOnlySchema,
    send: async ({ email }, fields): Promise<SentTo> => {
      await sendOtp(email, fields[PROOF_FIELD]);
      return { email };
    },
    answers: "inline",
    resetOnSuccess: false,
    success: { title: sendCode.submit, description: confirmations.otpSent },
    onSuccess: () => setCodeSent(true),
  });
  const verifying = useFormAction({
    intent: "verify_code",
    schema: codeSignInSchema,
    send: ({ email, token }) => verifyOtp(email, token),
    answers: "inline",
    resetOnSuccess: false,
    success: { title: copy.title, description: linkStates.redirecting },
    onSuccess: onSignedIn,
  });
  const notice = shown === "verify_code" ? verifying.notice : shown === "send_code" ? sending.notice : null;
  const tracked = (form: typeof sending | typeof verifying, step: Step) => ({
    ...form,
    notice,
    formProps: {
      ...form.formProps,
      onSubmit: (event: React.FormEvent<HTMLFormElement>) => {
        setShown(step);
        form.formProps.onSubmit(event);
      },
    },
  });

  if (!codeSent) {
    return (
      <AuthForm form={tracked(sending, "send_code")}>
        <EmailField email={email} setEmail={setEmail} error={sending.errors.email} />
        <HumanCheck />
        <SubmitButton pending={sending.pending} label={sendCode.submit} pendingLabel={sendCode.pending} />
      </AuthForm>
    );
  }

  const busy = sending.pending || verifying.pending;
  const resend = tracked(sending, "send_code");
  return (
    <>
      <AuthForm form={tracked(verifying, "verify_code")}>
        <EmailField email={email} setEmail={setEmail} readOnly />
        <TextField
          // Shown right after the code was sent: the code is what the visitor types next.
          autoFocus
          name="token"
          label={fieldLabels.code}
          hint={fieldLabels.codeHint}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, "").slice(0, 6))}
          error={verifying.errors.token}
          className="[&_input]:text-center [&_input]:font-mono [&_input]:text-lg [&_input]:tracking-[0.5em]"
        />
        <SubmitButton pending={verifying.pending} label={copy.submit} pendingLabel={copy.pending} />
        <div className="flex flex-wrap justify-center gap-x-4 gap-y-2 text-sm">
          <button type="submit" form={RESEND_FORM_ID} className={viewLinkClass} disabled={busy}>
            {sending.pending ? sendCode.pending : sendCode.resend}
          </button>
          <Link
            to={{ search: restartSearch }}
            className={viewLinkClass}
            aria-disabled={busy || undefined}
            onClick={(event) => {
              // With JavaScript the form starts again in place; without, the link loads the view afresh.
              event.preventDefault();
              if (busy) return;
              setCodeSent(false);
              setCode("");
              setShown(null);
            }}
          >
            {sendCode.changeEmail}
          </Link>
        </div>
      </AuthForm>
      <resend.Form {...resend.formProps} id={RESEND_FORM_ID} hidden>
        <IntentField intent={resend.intent} />
        <input type="hidden" name="email" value={email} />
        {/* Hidden with its form: a resend waits for its proof, then goes (the button says it is sending). */}
        <HumanCheck />
      </resend.Form>
    </>
  );
}
