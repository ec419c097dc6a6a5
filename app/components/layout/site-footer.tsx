import { Mail } from "lucide-react";
import { Link } from "react-router";
import { useUser } from "~/components/auth/user-context";
import { useSubscription } from "~/components/subscribe/subscription-context";
import { footerColumns } from "~/content/navigation";
import { site } from "@core/site";
import { Logo } from "./logo";

/** "X, LinkedIn, GitHub and YouTube". */
const listOf = (names: readonly string[]) => (names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`);

/**
 * Its own component: the offer changes once the browser's subscribed flag is read, and only this button renders again.
 * Never offered to a signed-in visitor. For the others it keeps its room, unseen, until the flag is read (and for good
 * once subscribed), so the footer does not move as the page hydrates.
 */
function StayUpdatedButton() {
  const { canOffer, openModal } = useSubscription();
  if (useUser().user) return null;
  return (
    <button type="button" className={`btn-secondary mt-5${canOffer ? "" : " invisible"}`} onClick={openModal}>
      <Mail className="size-4" aria-hidden />
      Stay updated
    </button>
  );
}

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="container-page grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <Logo />
          <p className="mt-3 max-w-xs text-sm text-slate-600">{site.tagline}</p>
          <StayUpdatedButton />
        </div>
        {footerColumns.map((column) => (
          <nav key={column.label} aria-label={column.label}>
            <h2 className="text-sm font-semibold text-slate-900">{column.label}</h2>
            <ul className="mt-3 space-y-2">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="text-sm text-slate-600 hover:text-slate-950 hover:underline">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <div>
          <h2 className="text-sm font-semibold text-slate-900">Connect</h2>
          <ul className="mt-3 space-y-2">
            <li>
              <a href={`mailto:${site.contact.general}`} className="text-sm text-slate-600 hover:text-slate-950 hover:underline">
                {site.contact.general}
              </a>
            </li>
            <li>
              <Link to="/contact" className="text-sm text-slate-600 hover:text-slate-950 hover:underline">
                Contact us
              </Link>
            </li>
          </ul>
          {/* Placeholders until the accounts exist: plain words, nothing that looks clickable and nothing loaded. */}
          <p className="mt-4 text-sm text-slate-600">{`Soon on ${listOf(site.social.map((social) => social.name))}.`}</p>
        </div>
      </div>
      <div className="border-t border-slate-200">
        <div className="container-page flex flex-col gap-2 py-6 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between">
          <p>{`© ${year} ${site.headquarters.name} All rights reserved.`}</p>
          <Link to="/privacy" className="hover:text-slate-950 hover:underline">
            Privacy Policy
          </Link>
        </div>
      </div>
    </footer>
  );
}
