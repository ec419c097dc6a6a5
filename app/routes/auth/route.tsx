// The sign-in screen, served at both /auth and /login (docs/product.md#accounts): six views in one card, the
// view in `?view=`, the post-sign-in destination in `?next=`, and emailed links arriving with
// `?token_hash=…&type=…`.
import { CircleAlert, CircleCheck, LoaderCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams, type MetaFunction } from "react-router";
import { authHeader, authMeta, confirmations, fieldLabels, linkStates, sendCode, viewCopy, viewLinks } from "~/content/auth";
import { PasswordField } from "~/components/auth/password-field";
import { useUser } from "~/components/auth/user-context";
import { TextField } from "~/components/forms/fields";
import { site } from "@core/site";
import { errorMessage } from "~/lib/api";
import {
  authRedirectUrl,
  isAuthView,
  isLinkVerifyType,
  safeNextPath,
  sendMagicLink,
  sendOtp,
  sendPasswordReset,
  signInWithPassword,
  signUp,
  updatePassword,
  verifyOtp,
  verifyTokenHash,
  type AuthView,
  type LinkVerifyType,
} from "~/lib/auth-client";
import { pageMeta } from "~/lib/meta";
import { EMPTY_EMAIL_MESSAGE, PASSWORD_LENGTH_MESSAGE, PASSWORD_MAX, PASSWORD_MIN, type SessionInfo } from "@core/schemas/auth";
import { EMAIL_PATTERN, INVALID_EMAIL_MESSAGE } from "@core/schemas/email";

const viewFrom = (value: string | null): AuthView => (isAuthView(value) ? value : "sign_in");

export const meta: MetaFunction = (args) => [
  ...pageMeta(args, {
    title: viewCopy[viewFrom(new URLSearchParams(args.location.search).get("view"))].title,
    description: authMeta.description,
    path: "/auth",
  }),
  { name: "robots", content: "noindex" },
];

type Status = { view: AuthView; kind: "error" | "success"; text: string };
type FieldErrors = Partial<Record<"email" | "password" | "token", string>>;

/** The same checks the server makes, so that a mistyped field is caught without a round trip. */
function checkEmail(email: string): string | undefined {
  const trimmed = email.trim();
  if (!trimmed) return EMPTY_EMAIL_MESSAGE;
  if (trimmed.length > 254 || !EMAIL_PATTERN.test(trimmed)) return INVALID_EMAIL_MESSAGE;
}

function checkNewPassword(password: string): string | undefined {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) return PASSWORD_LENGTH_MESSAGE;
}

/** Where an emailed link of each type sends someone whose link did not work, to ask for a new one. */
const retryViewFor: Record<LinkVerifyType, AuthView> = { signup: "sign_in", magiclink: "magic_link", recovery: "forgotten_password" };

export default function AuthPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const { user, setSession } = useUser();

  const view = viewFrom(searchParams.get("view"));
  const rawNext = searchParams.get("next");
  const next = safeNextPath(rawNext);
  const tokenHash = searchParams.get("token_hash");
  const linkType = searchParams.get("type");
  const hasLink = Boolean(tokenHash && linkType);

  const [email, setEmail] = useState("");
  const [status, setStatus] = useState<Status | null>(null);
  const [verifyingLink, setVerifyingLink] = useState(hasLink);
  const [leaving, setLeaving] = useState(false);
  // Signed in but staying on this screen: choosing a new password, or reading why a link failed.
  const [stay, setStay] = useState(view === "update_password" || (hasLink && linkType === "recovery"));
  const leavingRef = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  /** `?view=…&next=…` for a view of this screen, on whichever of /auth and /login it is. */
  const viewSearch = (target: AuthView) => {
    const params = new URLSearchParams();
    if (target !== "sign_in") params.set("view", target);
    if (rawNext !== null) params.set("next", rawNext);
    const search = params.toString();
    return search ? `?${search}` : "";
  };

  /**
   * docs/product.md#accounts: after signing in, go to `next`, replacing this entry, with a full load so the server
   * sees the new cookies.
   */
  function goNext() {
    if (leavingRef.current) return;
    leavingRef.current = true;
    setLeaving(true);
    window.location.replace(next);
  }

  function signedIn(session: SessionInfo) {
    setSession(session);
    goNext();
  }

  // An existing session, or one that starts in another tab, leaves this screen for `next`.
  useEffect(() => {
    if (user && !stay && !hasLink) goNext();
  });

  useEffect(() => {
    if (view === "update_password") setStay(true);
    // A message belongs to the view it was shown in.
    setStatus((current) => (current && current.view !== view ? null : current));
  }, [view]);

  // Move focus to the new view's heading when the visitor switches views (not on the first render).
  const firstView = useRef(view);
  useEffect(() => {
    if (view !== firstView.current) {
      firstView.current = view;
      headingRef.current?.focus();
    }
  }, [view]);

  // An emailed link: exchange its token for a session once, then tidy the token out of the address bar.
  const linkHandled = useRef(false);
  useEffect(() => {
    if (!tokenHash || !linkType || linkHandled.current) return;
    linkHandled.current = true;
    const type = isLinkVerifyType(linkType) ? linkType : null;
    const fail = (text: string) => {
      const target = type ? retryViewFor[type] : "sign_in";
      setStay(true);
      setStatus({ view: target, kind: "error", text });
      setVerifyingLink(false);
      void navigate({ search: viewSearch(target) }, { replace: true, preventScrollReset: true });
    };
    if (!type) {
      fail("This link is not valid. Please request a new one.");
      return;
    }
    verifyTokenHash(type, tokenHash).then(
      ({ session }) => {
        if (type === "recovery") {
          // docs/product.md#accounts: a password-recovery event switches to update_password.
          setStay(true);
          setSession(session);
          setVerifyingLink(false);
          void navigate({ search: viewSearch("update_password") }, { replace: true, preventScrollReset: true });
        } else {
          signedIn(session);
        }
      },
      (error: unknown) => fail(errorMessage(error)),
    );
  });

  const copy = viewCopy[view];
  const redirecting = leaving || (user !== null && !stay && !hasLink);
  const shownStatus = status?.view === view ? status : null;

  return (
    <section className="bg-linear-to-b from-brand-50 to-white">
      <div className="container-page flex justify-center py-10 sm:py-16">
        <div className="card w-full max-w-md sm:p-8">
          <div className="flex items-center gap-3">
            <img src="/favicon.svg" alt="" width={36} height={36} className="size-9" />
            <p className="text-sm font-medium text-slate-600">{authHeader}</p>
          </div>

          {verifyingLink ? (
            <Busy text={linkStates.verifying} />
          ) : redirecting ? (
            <div className="mt-8">
              <Busy text={linkStates.redirecting} />
              <p className="mt-4 text-center">
                <a href={next} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
                  {linkStates.continue}
                </a>
              </p>
            </div>
          ) : (
            <>
              <h1 ref={headingRef} tabIndex={-1} id="auth-heading" className="mt-6 text-2xl font-bold tracking-tight focus:outline-none">
                {copy.title}
              </h1>
              <p className="mt-2 text-slate-600">{copy.lead}</p>

              <div className="mt-6">
                {view === "sign_in" && <SignInForm email={email} setEmail={setEmail} setStatus={setStatus} onSignedIn={signedIn} />}
                {view === "sign_up" && <SignUpForm email={email} setEmail={setEmail} setStatus={setStatus} next={next} onSignedIn={signedIn} />}
                {view === "forgotten_password" && <ForgottenPasswordForm email={email} setEmail={setEmail} setStatus={setStatus} next={next} />}
                {view === "magic_link" && <MagicLinkForm email={email} setEmail={setEmail} setStatus={setStatus} next={next} />}
                {view === "verify_otp" && <OtpForm email={email} setEmail={setEmail} setStatus={setStatus} onSignedIn={signedIn} />}
                {view === "update_password" &&
                  (user ? (
                    <UpdatePasswordForm
                      setStatus={setStatus}
                      onUpdated={(session) => {
                        setSession(session);
                        setEmail(session.user.email);
                        // docs/product.md#accounts: a user-updated event switches to sign_in.
                        setStatus({ view: "sign_in", kind: "success", text: confirmations.passwordUpdated });
                        void navigate({ search: viewSearch("sign_in") }, { replace: true, preventScrollReset: true });
                      }}
                    />
                  ) : (
                    <p className="rounded-lg bg-slate-50 p-4 text-sm text-slate-700">
                      {linkStates.recoveryNeedsSession}{" "}
                      <Link to={{ search: viewSearch("forgotten_password") }} className="font-medium text-brand-700 underline underline-offset-2">
                        {linkStates.requestNewLink}
                      </Link>
                    </p>
                  ))}
              </div>

              {shownStatus && <StatusBox status={shownStatus} />}

              {view === "sign_in" && user && shownStatus?.kind === "success" && (
                <p className="mt-4 text-sm text-slate-600">
                  {linkStates.signedInAs} <span className="font-medium text-slate-900">{user.email}</span>.{" "}
                  <a href={next} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
                    {linkStates.continue}
                  </a>
                </p>
              )}

              <ViewLinks view={view} viewSearch={viewSearch} />
            </>
          )}

          <p className="mt-8 border-t border-slate-100 pt-5 text-center text-xs text-slate-500">
            By continuing you agree to our <span className="font-medium text-slate-700">Terms</span> and{" "}
            <Link to="/privacy" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
              Privacy Policy
            </Link>
            .
          </p>
        </div>
      </div>
    </section>
  );
}

function Busy({ text }: { text: string }) {
  return (
    <p role="status" className="mt-8 flex items-center justify-center gap-2 text-slate-700">
      <LoaderCircle className="size-5 animate-spin text-brand-600" aria-hidden />
      {text}
    </p>
  );
}

/** docs/product.md#accounts: the server's errors in a red box under the form; confirmations in green. */
function StatusBox({ status }: { status: Status }) {
  const error = status.kind === "error";
  const Icon = error ? CircleAlert : CircleCheck;
  return (
    <div
      role={error ? "alert" : "status"}
      className={`mt-4 flex gap-2 rounded-lg border p-3 text-sm ${error ? "border-red-200 bg-red-50 text-red-800" : "border-emerald-200 bg-emerald-50 text-emerald-800"}`}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{status.text}</span>
    </div>
  );
}

const viewLinkClass = "font-medium text-brand-700 underline-offset-2 hover:text-brand-900 hover:underline";

/** The links under each view's form, to the other views (docs/product.md#accounts). */
const linksByView: Record<AuthView, Array<{ to: AuthView; label: string }>> = {
  sign_in: [
    { to: "forgotten_password", label: viewLinks.forgotPassword },
    { to: "sign_up", label: viewLinks.signUp },
    { to: "magic_link", label: viewLinks.magicLink },
    { to: "verify_otp", label: viewLinks.otp },
  ],
  sign_up: [{ to: "sign_in", label: viewLinks.signIn }],
  forgotten_password: [{ to: "sign_in", label: viewLinks.signIn }],
  magic_link: [
    { to: "sign_in", label: viewLinks.signIn },
    { to: "verify_otp", label: viewLinks.otp },
  ],
  verify_otp: [
    { to: "sign_in", label: viewLinks.signIn },
    { to: "magic_link", label: viewLinks.magicLink },
  ],
  update_password: [],
};

function ViewLinks({ view, viewSearch }: { view: AuthView; viewSearch: (view: AuthView) => string }) {
  const links = linksByView[view];
  if (links.length === 0) return null;
  return (
    <nav aria-label="Other ways to continue" className="mt-6">
      <ul className="space-y-2 text-center text-sm">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={{ search: viewSearch(link.to) }} preventScrollReset className={viewLinkClass}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

type EmailProps = { email: string; setEmail: (email: string) => void; setStatus: (status: Status | null) => void };

/** Runs one request for a form: disables it meanwhile, and shows the server's message if it fails. */
function useRequest(view: AuthView, setStatus: EmailProps["setStatus"]) {
  const [pending, setPending] = useState(false);
  // A task answers "leaving" when it sends the visitor to another page.
  async function run(task: () => Promise<unknown>) {
    if (pending) return;
    setPending(true);
    setStatus(null);
    let leaving = false;
    try {
      leaving = (await task()) === "leaving";
    } catch (error) {
      setStatus({ view, kind: "error", text: errorMessage(error) });
    } finally {
      // Signing in loads the next page: the form stays disabled until it does.
      if (!leaving) setPending(false);
    }
  }
  return { pending, run };
}

/** Shows the first field error and moves focus to that field; true when the form may be sent. */
function validate(form: HTMLFormElement, errors: FieldErrors, setErrors: (errors: FieldErrors) => void) {
  setErrors(errors);
  const first = Object.keys(errors)[0];
  if (!first) return true;
  const input = form.elements.namedItem(first);
  if (input instanceof HTMLElement) input.focus();
  return false;
}

function EmailField({
  email,
  setEmail,
  error,
  autoComplete = "email",
  readOnly,
  disabled,
}: {
  email: string;
  setEmail: (email: string) => void;
  error?: string;
  autoComplete?: string;
  readOnly?: boolean;
  disabled?: boolean;
}) {
  return (
    <TextField
      name="email"
      type="email"
      inputMode="email"
      label={fieldLabels.email}
      placeholder={site.emailPlaceholder}
      autoComplete={autoComplete}
      autoCapitalize="none"
      spellCheck={false}
      value={email}
      onChange={(event) => setEmail(event.target.value)}
      readOnly={readOnly}
      disabled={disabled}
      error={error}
    />
  );
}

function SubmitButton({
  pending,
  label,
  pendingLabel,
  className = "btn-primary w-full",
}: {
  pending: boolean;
  label: string;
  pendingLabel: string;
  className?: string;
}) {
  return (
    <button type="submit" className={className} disabled={pending} aria-busy={pending || undefined}>
      {pending && <LoaderCircle className="size-4 animate-spin" aria-hidden />}
      {pending ? pendingLabel : label}
    </button>
  );
}

function SignInForm({ email, setEmail, setStatus, onSignedIn }: EmailProps & { onSignedIn: (session: SessionInfo) => void }) {
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const { pending, run } = useRequest("sign_in", setStatus);
  const copy = viewCopy.sign_in;
  return (
    <form
      method="post"
      noValidate
      aria-labelledby="auth-heading"
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        const nextErrors: FieldErrors = {};
        nextErrors.email = checkEmail(email);
        if (!password) nextErrors.password = "Please enter your password.";
        if (!validate(event.currentTarget, prune(nextErrors), setErrors)) return;
        void run(async () => {
          onSignedIn(await signInWithPassword(email.trim(), password));
          return "leaving";
        });
      }}
    >
      <EmailField email={email} setEmail={setEmail} error={errors.email} autoComplete="username" />
      <PasswordField
        name="password"
        label={fieldLabels.password}
        value={password}
        onChange={setPassword}
        autoComplete="current-password"
        error={errors.password}
      />
      <SubmitButton pending={pending} label={copy.submit} pendingLabel={copy.pending} />
    </form>
  );
}

function SignUpForm({ email, setEmail, setStatus, next, onSignedIn }: EmailProps & { next: string; onSignedIn: (session: SessionInfo) => void }) {
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const { pending, run } = useRequest("sign_up", setStatus);
  const copy = viewCopy.sign_up;
  return (
    <form
      method="post"
      noValidate
      aria-labelledby="auth-heading"
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!validate(event.currentTarget, prune({ email: checkEmail(email), password: checkNewPassword(password) }), setErrors)) return;
        void run(async () => {
          const { session } = await signUp(email.trim(), password, authRedirectUrl(window.location.origin, next));
          if (session) {
            onSignedIn(session);
            return "leaving";
          }
          // docs/product.md#accounts: a user but no session means the address must be confirmed first.
          setPassword("");
          setStatus({ view: "sign_up", kind: "success", text: confirmations.signUp });
        });
      }}
    >
      <EmailField email={email} setEmail={setEmail} error={errors.email} autoComplete="username" />
      <PasswordField
        name="password"
        label={fieldLabels.password}
        value={password}
        onChange={setPassword}
        autoComplete="new-password"
        hint={fieldLabels.passwordHint}
        error={errors.password}
      />
      <SubmitButton pending={pending} label={copy.submit} pendingLabel={copy.pending} />
    </form>
  );
}

/** The three views that only need an email: they send a link and say so. */
function EmailLinkForm({
  view,
  email,
  setEmail,
  setStatus,
  send,
  confirmation,
}: EmailProps & { view: AuthView; send: (email: string) => Promise<void>; confirmation: string }) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const { pending, run } = useRequest(view, setStatus);
  const copy = viewCopy[view];
  return (
    <form
      method="post"
      noValidate
      aria-labelledby="auth-heading"
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        // docs/product.md#accounts: an empty email shows the empty-email message and makes no call.
        if (!validate(event.currentTarget, prune({ email: checkEmail(email) }), setErrors)) return;
        void run(async () => {
          await send(email.trim());
          setStatus({ view, kind: "success", text: confirmation });
        });
      }}
    >
      <EmailField email={email} setEmail={setEmail} error={errors.email} />
      <SubmitButton pending={pending} label={copy.submit} pendingLabel={copy.pending} />
    </form>
  );
}

function MagicLinkForm(props: EmailProps & { next: string }) {
  return (
    <EmailLinkForm
      {...props}
      view="magic_link"
      confirmation={confirmations.magicLink}
      send={(email) => sendMagicLink(email, authRedirectUrl(window.location.origin, props.next))}
    />
  );
}

function ForgottenPasswordForm(props: EmailProps & { next: string }) {
  return (
    <EmailLinkForm
      {...props}
      view="forgotten_password"
      confirmation={confirmations.recovery}
      send={(email) => sendPasswordReset(email, authRedirectUrl(window.location.origin, props.next))}
    />
  );
}

/** verify_otp: the email and "Send code" first, then the 6-digit code and "Verify token". */
function OtpForm({ email, setEmail, setStatus, onSignedIn }: EmailProps & { onSignedIn: (session: SessionInfo) => void }) {
  const [codeSent, setCodeSent] = useState(false);
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const sending = useRequest("verify_otp", setStatus);
  const verifying = useRequest("verify_otp", setStatus);
  const copy = viewCopy.verify_otp;
  const send = (form: HTMLFormElement) => {
    if (!validate(form, prune({ email: checkEmail(email) }), setErrors)) return;
    void sending.run(async () => {
      await sendOtp(email.trim());
      setCodeSent(true);
      setStatus({ view: "verify_otp", kind: "success", text: confirmations.otpSent });
    });
  };

  if (!codeSent) {
    return (
      <form
        method="post"
        noValidate
        aria-labelledby="auth-heading"
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          send(event.currentTarget);
        }}
      >
        <EmailField email={email} setEmail={setEmail} error={errors.email} />
        <SubmitButton pending={sending.pending} label={sendCode.submit} pendingLabel={sendCode.pending} />
      </form>
    );
  }

  const busy = sending.pending || verifying.pending;
  return (
    <form
      method="post"
      noValidate
      aria-labelledby="auth-heading"
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        const token = code.replace(/\s+/g, "");
        if (!validate(event.currentTarget, prune({ token: /^\d{6}$/.test(token) ? undefined : "Enter the 6-digit code from the email." }), setErrors))
          return;
        void verifying.run(async () => {
          const { session } = await verifyOtp(email.trim(), token);
          onSignedIn(session);
          return "leaving";
        });
      }}
    >
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
        error={errors.token}
        className="[&_input]:text-center [&_input]:font-mono [&_input]:text-lg [&_input]:tracking-[0.5em]"
      />
      <SubmitButton pending={verifying.pending} label={copy.submit} pendingLabel={copy.pending} />
      <div className="flex flex-wrap justify-center gap-x-4 gap-y-2 text-sm">
        <button
          type="button"
          className={viewLinkClass}
          disabled={busy}
          onClick={(event) => event.currentTarget.form && send(event.currentTarget.form)}
        >
          {sending.pending ? sendCode.pending : sendCode.resend}
        </button>
        <button
          type="button"
          className={viewLinkClass}
          disabled={busy}
          onClick={() => {
            setCodeSent(false);
            setCode("");
            setErrors({});
            setStatus(null);
          }}
        >
          {sendCode.changeEmail}
        </button>
      </div>
    </form>
  );
}

function UpdatePasswordForm({ setStatus, onUpdated }: { setStatus: EmailProps["setStatus"]; onUpdated: (session: SessionInfo) => void }) {
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const { pending, run } = useRequest("update_password", setStatus);
  const copy = viewCopy.update_password;
  return (
    <form
      method="post"
      noValidate
      aria-labelledby="auth-heading"
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!validate(event.currentTarget, prune({ password: checkNewPassword(password) }), setErrors)) return;
        void run(async () => {
          onUpdated(await updatePassword(password));
        });
      }}
    >
      <PasswordField
        name="password"
        label={fieldLabels.newPassword}
        value={password}
        onChange={setPassword}
        autoComplete="new-password"
        hint={fieldLabels.passwordHint}
        error={errors.password}
      />
      <SubmitButton pending={pending} label={copy.submit} pendingLabel={copy.pending} />
    </form>
  );
}

/** Drops the fields without an error, so that an empty object means "valid". */
function prune(errors: FieldErrors): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message)) as FieldErrors;
}
