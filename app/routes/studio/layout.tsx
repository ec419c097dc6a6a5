// The Studio (docs/product.md#studio): where owners run Parley. Owner-only on the server: this loader checks every
// Studio page's request, and each room's own loader and endpoints check again.
import { data, NavLink, Outlet, redirect } from "react-router";
import { OwnerOnly, ownerPageErrorBoundary } from "~/components/auth/owner-access";
import { StudioPresence } from "~/components/studio/presence";
import { studioArea, studioSections } from "~/components/studio/sections";
import { requireOwner } from "~/lib/permissions.server";
import { sessionHeaders } from "~/lib/session.server";
import type { Route } from "./+types/layout";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const resolved = await requireOwner({ request, context });
  // /studio itself opens the first room.
  const first = studioSections[0];
  if (first && url.pathname.replace(/\/$/, "") === "/studio") throw redirect(first.to, { headers: sessionHeaders(resolved) });
  return data(null, { headers: sessionHeaders(resolved) });
}

export const ErrorBoundary = ownerPageErrorBoundary(studioArea);

const tabBase = "whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium transition-colors";

export default function StudioLayout() {
  return (
    <OwnerOnly area={studioArea}>
      <meta name="robots" content="noindex" />
      <StudioPresence />
      <div className="container-page py-6 sm:py-10 lg:grid lg:grid-cols-[12rem_1fr] lg:gap-8">
        <nav aria-label="Studio" className="-mx-4 overflow-x-auto px-4 lg:mx-0 lg:px-0">
          <p className="eyebrow hidden lg:block">Studio</p>
          <ul className="flex gap-1 lg:mt-3 lg:flex-col">
            {studioSections.map((section) => (
              <li key={section.to}>
                <NavLink
                  to={section.to}
                  className={({ isActive }) =>
                    `${tabBase} block ${isActive ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100 hover:text-slate-950"}`
                  }
                >
                  {section.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-6 min-w-0 lg:mt-0">
          <Outlet />
        </div>
      </div>
    </OwnerOnly>
  );
}
