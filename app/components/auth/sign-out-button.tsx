import { LogOut } from "lucide-react";
import { useState } from "react";
import { useUser } from "./user-context";

/** The resource route that signs out a browser without JavaScript (app/routes/auth/sign-out.ts). */
const SIGN_OUT_ACTION = "/auth/sign-out";

/**
 * Ends the session and goes to the home page (docs/product.md#accounts). Disabled while it runs. A form, so that it
 * works without JavaScript too: then the browser posts it and the server signs out and redirects.
 */
export function SignOutButton({
  className = "btn-secondary",
  nameSuffix,
  describedBy,
}: {
  className?: string;
  /** Said to screen readers after "Sign out", where another Sign out is near (the session list's "this device"). */
  nameSuffix?: string;
  describedBy?: string;
}) {
  const { signOut } = useUser();
  const [pending, setPending] = useState(false);
  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    try {
      await signOut();
      // The page is being replaced: stay disabled until it is.
    } catch {
      setPending(false);
    }
  }
  return (
    <form method="post" action={SIGN_OUT_ACTION} onSubmit={onSubmit} className="contents">
      <button type="submit" className={className} disabled={pending} aria-busy={pending || undefined} aria-describedby={describedBy}>
        <LogOut className="size-4" aria-hidden />
        {pending ? "Signing out ..." : "Sign out"}
        {nameSuffix && !pending && <span className="sr-only">{` ${nameSuffix}`}</span>}
      </button>
    </form>
  );
}
