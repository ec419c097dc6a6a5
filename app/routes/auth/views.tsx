// The parts of the sign-in screen's card around its forms: the busy states, the red and green boxes, and the
// links from each view to the others (docs/product.md#accounts).
import { CircleAlert, CircleCheck, LoaderCircle } from "lucide-react";
import { Link } from "react-router";
import { viewLinks } from "~/content/auth";
import type { AuthView } from "~/lib/auth-client";

export type StatusKind = "error" | "success";

export function Busy({ text, className = "" }: { text: string; className?: string }) {
  return (
    <p role="status" className={`mt-8 flex items-center justify-center gap-2 text-slate-700 ${className}`}>
      <LoaderCircle className="size-5 animate-spin text-brand-600" aria-hidden />
      {text}
    </p>
  );
}

/** docs/product.md#accounts: the server's errors in a red box under the form; confirmations in green. */
export function StatusBox({ kind, text }: { kind: StatusKind; text: string }) {
  const error = kind === "error";
  const Icon = error ? CircleAlert : CircleCheck;
  return (
    <div
      role={error ? "alert" : "status"}
      className={`mt-4 flex gap-2 rounded-lg border p-3 text-sm ${error ? "border-red-200 bg-red-50 text-red-800" : "border-emerald-200 bg-emerald-50 text-emerald-800"}`}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{text}</span>
    </div>
  );
}

export const viewLinkClass = "font-medium text-brand-700 underline-offset-2 hover:text-brand-900 hover:underline";

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

export function ViewLinks({ view, viewSearch }: { view: AuthView; viewSearch: (view: AuthView) => string }) {
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

/** The card's footer, under every view. */
export function TermsNote() {
  return (
    <p className="mt-8 border-t border-slate-100 pt-5 text-center text-xs text-slate-500">
      By continuing you agree to our <span className="font-medium text-slate-700">Terms</span> and{" "}
      <Link to="/privacy" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
        Privacy Policy
      </Link>
      .
    </p>
  );
}
