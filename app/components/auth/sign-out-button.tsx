import { LogOut } from "lucide-react";
import { useState } from "react";
import { useUser } from "./user-context";

/** Ends the session and goes to the home page (docs/product.md#accounts). Disabled while it runs. */
export function SignOutButton({ className = "btn-secondary" }: { className?: string }) {
  const { signOut } = useUser();
  const [pending, setPending] = useState(false);
  async function onClick() {
    setPending(true);
    try {
      await signOut();
      // The page is being replaced: stay disabled until it is.
    } catch {
      setPending(false);
    }
  }
  return (
    <button type="button" className={className} disabled={pending} aria-busy={pending || undefined} onClick={onClick}>
      <LogOut className="size-4" aria-hidden />
      {pending ? "Signing out ..." : "Sign out"}
    </button>
  );
}
