import { LANGUAGE_COUNT } from "@core/languages/count";
import { crowdfundingPath, productPath } from "@core/site";

export type NavLink = { to: string; label: string; description?: string };
export type NavGroup = { label: string; links: NavLink[] };
export type NavItem = NavLink | NavGroup;

export const isGroup = (item: NavItem): item is NavGroup => "links" in item;

/** Header navigation (docs/product.md#public-site). The owner-only and account links are added by the header itself. */
export const headerNav: NavItem[] = [
  { to: "/", label: "Home" },
  {
    label: "AI",
    links: [
      { to: productPath("ai"), label: "Parley AI", description: "Our models and what they can do" },
      { to: "/translate", label: "Translate", description: `Translate text between ${LANGUAGE_COUNT} languages` },
      { to: "/ai", label: "AI Chat", description: "A private assistant with specialist agents" },
      { to: productPath("apps"), label: "Parley Apps", description: "Assistants we are building next" },
    ],
  },
  {
    label: "Who we are",
    links: [
      { to: "/about", label: "About", description: "Our mission, values and team" },
      { to: "/timeline", label: "Roadmap", description: "Where we are and what comes next" },
      { to: "/join", label: "Join Us", description: "Open roles on a remote-first team" },
      { to: "/contact", label: "Contact", description: "Talk to support, sales or press" },
    ],
  },
  { to: "/blog", label: "Blog" },
  { to: "/business", label: "For Businesses" },
];

export const footerColumns: NavGroup[] = [
  {
    label: "Product",
    links: [
      { to: "/translate", label: "Translate" },
      { to: "/ai", label: "AI Chat" },
      { to: productPath("ai"), label: "Parley AI" },
      { to: productPath("apps"), label: "Apps" },
      { to: crowdfundingPath, label: "Kickstarter" },
    ],
  },
  {
    label: "Company",
    links: [
      { to: "/about", label: "About" },
      { to: "/timeline", label: "Roadmap" },
      { to: "/join", label: "Careers" },
      { to: "/blog", label: "Blog" },
      { to: "/business", label: "For Businesses" },
    ],
  },
];

/** docs/product.md#public-site: a link is active when the path starts with its route; Home only on exactly "/". */
export function isActivePath(pathname: string, to: string) {
  if (to === "/") return pathname === "/";
  return pathname.startsWith(to);
}
