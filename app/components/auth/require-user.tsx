import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { useUser } from "./user-context";

/** The sign-in screen, coming back to `path` afterwards. */
export const signInPath = (path: string) => `/auth?next=${encodeURIComponent(path)}`;

/**
 * docs/product.md#accounts, route guard: shows its children to a signed-in user; otherwise renders nothing and
 * goes to the sign-in screen, which brings the visitor back here. Pages also guard on the server
 * (their loader redirects), so this only acts when a session ends while the page is open.
 */
export function RequireUser({ children }: { children: React.ReactNode }) {
  const { user } = useUser();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!user) void navigate(signInPath(`${pathname}${search}`), { replace: true });
  }, [user, pathname, search, navigate]);
  return user ? children : null;
}
