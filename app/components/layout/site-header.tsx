import { Menu, UserRound, X } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Link, useLocation } from "react-router";
import { SignOutButton } from "~/components/auth/sign-out-button";
import { useUser } from "~/components/auth/user-context";
import { StudioUnreadBadge } from "~/components/studio/unread-badge";
import { Disclosure } from "~/components/ui/disclosure";
import { headerNav, isActivePath, isGroup, type NavGroup, type NavItem, type NavLink } from "~/content/navigation";
import { Logo } from "./logo";
import { NavDropdown } from "./nav-dropdown";
import { useMobileMenu } from "./use-mobile-menu";

const linkBase = "rounded-lg px-3 py-2 text-sm font-medium transition-colors";
const linkIdle = "text-slate-700 hover:bg-slate-100 hover:text-slate-950";
const linkActive = "bg-brand-50 text-brand-800";

function groupIsActive(group: NavGroup, pathname: string) {
  return group.links.some((link) => isActivePath(pathname, link.to));
}

/** The account entries at the right of the header: sign-in when signed out, the account page when signed in. */
const signInLink: NavLink = { to: "/auth", label: "Login / Create account" };
const accountLink: NavLink = { to: "/account", label: "Account" };
/** docs/product.md#public-site: shown only to the site owner. */
const newPostLink: NavLink = { to: "/blog/new", label: "New Post" };
/** docs/product.md#studio: where owners run the site. */
const studioLink: NavLink = { to: "/studio", label: "Studio" };

/** The header's links for this visitor: New Post and Studio join them only once the owner flag is known to be true. */
function useNavItems(): NavItem[] {
  const { isOwner } = useUser();
  return isOwner === true ? [...headerNav, newPostLink, studioLink] : headerNav;
}

export function SiteHeader() {
  const { pathname } = useLocation();
  const { user } = useUser();
  const navItems = useNavItems();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <div className="container-page flex h-16 items-center justify-between gap-4">
        <Logo />
        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {navItems.map((item) =>
              isGroup(item) ? (
                <NavDropdown
                  key={item.label}
                  group={item}
                  pathname={pathname}
                  className={`${linkBase} ${groupIsActive(item, pathname) ? linkActive : linkIdle}`}
                />
              ) : (
                <li key={item.to}>
                  <HeaderLink link={item} pathname={pathname} className={linkBase} />
                </li>
              ),
            )}
          </ul>
        </nav>
        <div className="hidden items-center gap-2 lg:flex">
          {user ? (
            <>
              <Link to={accountLink.to} className="btn-secondary" aria-current={isActivePath(pathname, accountLink.to) ? "page" : undefined}>
                <UserRound className="size-4" aria-hidden />
                {accountLink.label}
              </Link>
              <SignOutButton />
            </>
          ) : (
            <Link to={signInLink.to} className="btn-primary" aria-current={isActivePath(pathname, signInLink.to) ? "page" : undefined}>
              {signInLink.label}
            </Link>
          )}
        </div>
        <MobileNav pathname={pathname} navItems={navItems} signedIn={user !== null} />
      </div>
    </header>
  );
}

function HeaderLink({ link, pathname, className, onNavigate }: { link: NavLink; pathname: string; className: string; onNavigate?: () => void }) {
  const active = isActivePath(pathname, link.to);
  return (
    <Link to={link.to} onClick={onNavigate} aria-current={active ? "page" : undefined} className={`${className} ${active ? linkActive : linkIdle}`}>
      {link.label}
      {link === studioLink && <StudioUnreadBadge />}
    </Link>
  );
}

function MobileNav({ pathname, navItems, signedIn }: { pathname: string; navItems: NavItem[]; signedIn: boolean }) {
  const { open, toggle, close, toggleRef, panelRef } = useMobileMenu(pathname);
  const panelId = useId();

  return (
    <div className="lg:hidden">
      <button
        ref={toggleRef}
        type="button"
        className="rounded-lg p-2 text-slate-700 hover:bg-slate-100"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={open ? "Close menu" : "Open menu"}
        onClick={toggle}
      >
        {open ? <X className="size-6" aria-hidden /> : <Menu className="size-6" aria-hidden />}
      </button>
      <nav
        ref={panelRef}
        id={panelId}
        hidden={!open}
        aria-label="Mobile"
        className="absolute inset-x-0 top-16 max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-slate-200 bg-white shadow-lg"
      >
        <ul className="container-page space-y-1 py-4">
          {navItems.map((item) => (
            <li key={isGroup(item) ? item.label : item.to}>
              {isGroup(item) ? (
                <MobileGroup group={item} pathname={pathname} onNavigate={close} />
              ) : (
                <HeaderLink link={item} pathname={pathname} className={`block ${linkBase} text-base`} onNavigate={close} />
              )}
            </li>
          ))}
          {signedIn ? (
            <li className="grid gap-2 pt-3 sm:grid-cols-2">
              <Link
                to={accountLink.to}
                className="btn-secondary w-full"
                onClick={close}
                aria-current={isActivePath(pathname, accountLink.to) ? "page" : undefined}
              >
                <UserRound className="size-4" aria-hidden />
                {accountLink.label}
              </Link>
              <SignOutButton className="btn-secondary w-full" />
            </li>
          ) : (
            <li className="pt-3">
              <Link to={signInLink.to} className="btn-primary w-full" onClick={close}>
                {signInLink.label}
              </Link>
            </li>
          )}
        </ul>
      </nav>
    </div>
  );
}

function MobileGroup({ group, pathname, onNavigate }: { group: NavGroup; pathname: string; onNavigate: () => void }) {
  // docs/product.md#public-site: a group opens by itself when one of its routes is the current page.
  const active = groupIsActive(group, pathname);
  const [open, setOpen] = useState(active);
  // After a navigation only the group holding the new page is open: one opened by hand to get elsewhere closes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new pathname is the trigger; `active` follows from it
  useEffect(() => void (open !== active && setOpen(active)), [pathname]);
  return (
    <Disclosure
      open={open}
      onOpenChange={setOpen}
      summary={group.label}
      buttonClassName={`${linkBase} text-base ${active ? linkActive : linkIdle}`}
      panelClassName="mt-1 ml-3 border-l-2 border-slate-100 pl-3"
    >
      <ul className="space-y-1">
        {group.links.map((link) => (
          <li key={link.to}>
            <HeaderLink link={link} pathname={pathname} className={`block ${linkBase} text-base`} onNavigate={onNavigate} />
          </li>
        ))}
      </ul>
    </Disclosure>
  );
}
