// The sign-in screen, served at both /auth and /login (docs/product.md#accounts): six views in one card, the
// view in `?view=`, the post-sign-in destination in `?next=`, and emailed links arriving with
// `?token_hash=…&type=…`. With JavaScript its forms call /api/auth; without, they post to this route's action
// (actions.server.ts), which runs the same services and redirects where the JavaScript flow goes.
import { useEffect, useRef, useState } from "react";
import { Link, useActionData, useNavigate, useSearchParams } from "react-router";
import { useUser } from "~/components/auth/user-context";
import { authHeader, authMeta, confirmations, linkStates, viewCopy } from "~/content/auth";
import { codeStep } from "~/content/two-factor";
import { errorMessage } from "~/lib/api";
import {
  type AuthView,
  type FirstStep,
  isAuthView,
  isLinkVerifyType,
  type LinkVerifyType,
  needsCode,
  safeNextPath,
  verifyTokenHash,
} from "~/lib/auth-client";
import { pageMeta } from "~/lib/meta";
import type { SessionInfo } from "@core/schemas/auth";
import type { FormResult } from "@core/schemas/form-result";
import type { Route } from "./+types/route";
import { authFormAction } from "./actions.server";
import { CodeSignIn } from "./forms/code-sign-in";
import { ForgottenPasswordForm, MagicLinkForm } from "./forms/email-link-form";
import { LinkForm } from "./forms/link-form";
import { PasskeySignIn } from "./forms/passkey-sign-in";
import { SignInForm } from "./forms/sign-in-form";
import { SignUpForm } from "./forms/sign-up-form";
import { TwoFactorForm } from "./forms/two-factor-form";
import { UpdatePasswordForm } from "./forms/update-password-form";
import { isCodeRequired } from "./intents";
import { Busy, StatusBox, type StatusKind, TermsNote, ViewLinks } from "./views";

const viewFrom = (value: string | null): AuthView => (isAuthView(value) ? value : "sign_in");

// Indexable (docs/decisions/0029-lighthouse-and-social-images.md): people search for a site's sign-in page, and every
// view of it has the one canonical URL /auth.
export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: viewCopy[viewFrom(new URLSearchParams(args.location.search).get("view"))].title,
    description: authMeta.description,
    path: "/auth",
  });

export const action = (args: Route.ActionArgs) => authFormAction(args);

/** A refused post's own headers (a rate limit's Retry-After) on the page that answers it, as the API sends them. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

/** A message of the screen itself (not of one form), shown in the view it belongs to. */
type Status = { view: AuthView; kind: StatusKind; text: string };

/** Where an emailed link of each type sends someone whose link did not work, to ask for a new one. */
const retryViewFor: Record<LinkVerifyType, AuthView> = {
  signup: "sign_in",
  magiclink: "magic_link",
  recovery: "forgotten_password",
  email_change: "sign_in",
};

/** After a post without JavaScript: a changed password returns to sign in; a failed link says why in its retry view. */
function answerStatus(answer: FormResult | undefined, view: AuthView): Status | null {
  if (answer?.intent === "update_password" && answer.ok) return { view: "sign_in", kind: "success", text: confirmations.passwordUpdated };
  if (answer?.intent === "verify_link" && !answer.ok) return { view, kind: "error", text: answer.error.message };
  return null;
}

/** docs/product.md#accounts: after a first step without JavaScript, the code step's challenge (kept when a code was wrong). */
function answerChallenge(answer: FormResult | undefined) {
  if (answer?.ok && isCodeRequired(answer.data)) return answer.data.challenge;
  if (answer?.intent === "two_factor" && !answer.ok) return answer.values.challenge ?? null;
  return null;
}

/** The address the last post was about, typed again into the fields (an address is no secret). */
function answerEmail(answer: FormResult | undefined) {
  if (!answer) return "";
  return (answer.ok ? (answer.data as { email?: string } | null)?.email : answer.values.email) ?? "";
}

export default function AuthPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const { user, setSession } = useUser();
  const answer = useActionData<typeof action>() as FormResult | undefined;

  const urlView = viewFrom(searchParams.get("view"));
  const passwordUpdated = answer?.intent === "update_password" && answer.ok;
  const view = passwordUpdated ? "sign_in" : urlView;
  const rawNext = searchParams.get("next");
  const next = safeNextPath(rawNext);
  const tokenHash = searchParams.get("token_hash");
  const linkType = searchParams.get("type");
  const hasLink = Boolean(tokenHash && linkType);

  const [email, setEmail] = useState(() => answerEmail(answer));
  const [status, setStatus] = useState<Status | null>(() => answerStatus(answer, view));
  const [verifyingLink, setVerifyingLink] = useState(hasLink);
  // Two-factor sign-in on: the first step answered this challenge, and the code step completes it.
  const [challenge, setChallenge] = useState<string | null>(() => answerChallenge(answer));
  const [leaving, setLeaving] = useState(false);
  // Signed in but staying on this screen: choosing a new password, or reading why a link failed.
  const [stay, setStay] = useState(urlView === "update_password" || (hasLink && linkType === "recovery"));
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

  /** A first step's answer: signed in, or the code step when two-factor sign-in is on. */
  function firstStepDone(step: FirstStep) {
    if (needsCode(step)) setChallenge(step.challenge);
    else signedIn(step);
  }

  /** docs/product.md#accounts: a password-recovery event switches to update_password, signed in. */
  function recovered(session: SessionInfo) {
    setStay(true);
    setSession(session);
    setVerifyingLink(false);
    void navigate({ search: viewSearch("update_password") }, { replace: true, preventScrollReset: true });
  }

  function twoFactorDone(session: SessionInfo, recovery: boolean) {
    setChallenge(null);
    if (recovery) recovered(session);
    else signedIn(session);
  }

  // An existing session, or one that starts in another tab, leaves this screen for `next`.
  useEffect(() => {
    if (user && !stay && !hasLink) goNext();
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new view is the trigger
  useEffect(() => {
    if (view === "update_password" && !stay) setStay(true);
    // A message belongs to the view it was shown in. Only a message to clear sets state: the page's first effects
    // cause no render (docs/decisions/0029-lighthouse-and-social-images.md).
    if (status && status.view !== view) setStatus(null);
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
      (step) => {
        if (needsCode(step)) {
          setStay(true);
          setChallenge(step.challenge);
          setVerifyingLink(false);
        } else if (type === "recovery") {
          recovered(step);
        } else {
          signedIn(step);
        }
      },
      (error: unknown) => fail(errorMessage(error)),
    );
  });

  function passwordChanged(session: SessionInfo) {
    setSession(session);
    setEmail(session.user.email);
    // docs/product.md#accounts: a user-updated event switches to sign_in.
    setStatus({ view: "sign_in", kind: "success", text: confirmations.passwordUpdated });
    void navigate({ search: viewSearch("sign_in") }, { replace: true, preventScrollReset: true });
  }

  const copy = challenge ? codeStep : viewCopy[view];
  const redirecting = leaving || (user !== null && !stay && !hasLink);
  const shownStatus = status?.view === view ? status : null;
  const shared = { email, setEmail };

  return (
    <section className="bg-linear-to-b from-brand-50 to-white">
      <div className="container-page flex justify-center py-10 sm:py-16">
        <div className="card w-full max-w-md sm:p-8">
          <div className="flex items-center gap-3">
            <img src="/favicon.svg" alt="" width={36} height={36} className="size-9" />
            <p className="text-sm font-medium text-slate-600">{authHeader}</p>
          </div>

          {verifyingLink && tokenHash && linkType ? (
            <>
              <Busy text={linkStates.verifying} className="noscript:hidden" />
              <noscript>
                <LinkForm
                  action={viewSearch(isLinkVerifyType(linkType) ? retryViewFor[linkType] : "sign_in") || "?"}
                  type={linkType}
                  tokenHash={tokenHash}
                />
              </noscript>
            </>
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
                {challenge && (
                  <TwoFactorForm
                    challenge={challenge}
                    onSignedIn={twoFactorDone}
                    restartSearch={viewSearch(view)}
                    onRestart={() => setChallenge(null)}
                  />
                )}
                {!challenge && view === "sign_in" && <SignInForm {...shared} onSignedIn={firstStepDone} />}
                {!challenge && view === "sign_in" && <PasskeySignIn onSignedIn={signedIn} />}
                {!challenge && view === "sign_up" && <SignUpForm {...shared} next={next} onSignedIn={signedIn} />}
                {!challenge && view === "forgotten_password" && <ForgottenPasswordForm {...shared} next={next} />}
                {!challenge && view === "magic_link" && <MagicLinkForm {...shared} next={next} />}
                {!challenge && view === "verify_otp" && (
                  <CodeSignIn {...shared} restartSearch={viewSearch("verify_otp")} onSignedIn={firstStepDone} />
                )}
                {!challenge &&
                  view === "update_password" &&
                  (user ? (
                    <UpdatePasswordForm onUpdated={passwordChanged} />
                  ) : (
                    <p className="rounded-lg bg-slate-50 p-4 text-sm text-slate-700">
                      {linkStates.recoveryNeedsSession}{" "}
                      <Link to={{ search: viewSearch("forgotten_password") }} className="font-medium text-brand-700 underline underline-offset-2">
                        {linkStates.requestNewLink}
                      </Link>
                    </p>
                  ))}
              </div>

              {shownStatus && <StatusBox kind={shownStatus.kind} text={shownStatus.text} />}

              {view === "sign_in" && user && shownStatus?.kind === "success" && (
                <p className="mt-4 text-sm text-slate-600">
                  {linkStates.signedInAs} <span className="font-medium text-slate-900">{user.email}</span>.{" "}
                  <a href={next} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
                    {linkStates.continue}
                  </a>
                </p>
              )}

              {!challenge && <ViewLinks view={view} viewSearch={viewSearch} />}
            </>
          )}

          <TermsNote />
        </div>
      </div>
    </section>
  );
}
