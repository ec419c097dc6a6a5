// Open Graph images (docs/decisions/0029-lighthouse-and-social-images.md): PNGs made at build time from the site's
// own artwork by scripts/og-images.mjs. This file says which artwork each public page shows and which blog covers
// get a PNG twin; the build renders exactly these, and the pages' meta tags point at them.
import { crowdfundingPath, productPath } from "./site.ts";

/** The size X, Facebook and LinkedIn show as a large card. */
export const SOCIAL_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** A page's image: /og/<name>.png, drawn from public/images/<artwork>. */
export type SocialImage = { name: string; artwork: string };

/** Pages without an image of their own (and posts without a PNG cover) share this one. */
export const DEFAULT_SOCIAL_IMAGE: SocialImage = { name: "default", artwork: "device-hero.svg" };

/** Public pages by path. */
export const PAGE_SOCIAL_IMAGES: Readonly<Record<string, SocialImage>> = {
  "/": { name: "home", artwork: "device-hero.svg" },
  [crowdfundingPath]: { name: "kickstarter", artwork: "device-hero.svg" },
  "/about": { name: "about", artwork: "about-founder.svg" },
  "/timeline": { name: "timeline", artwork: "kickstarter-timeline-narrow.svg" },
  "/business": { name: "business", artwork: "business-shield.svg" },
  [productPath("ai")]: { name: "models", artwork: "models-experts.svg" },
  [productPath("apps")]: { name: "apps", artwork: "device-hero.svg" },
  "/join": { name: "join", artwork: "careers-team.svg" },
  "/contact": { name: "contact", artwork: "contact-conversation.svg" },
  "/privacy": { name: "privacy", artwork: "blog/privacy-first.svg" },
  "/blog": { name: "blog", artwork: "blog/building-parley.svg" },
  "/translate": { name: "translate", artwork: "blog/offline-translation.svg" },
  "/ai": { name: "ai", artwork: "models-experts.svg" },
  "/auth": { name: "auth", artwork: "contact-conversation.svg" },
};

/** Covers under public/images/blog/ that get a PNG twin beside them (<name>.png); a test keeps this list complete. */
export const BLOG_COVERS_WITH_TWINS = ["building-parley", "offline-translation", "privacy-first", "zero-telemetry"] as const;

const COVER_PATH = /^\/images\/blog\/([a-z0-9-]+)\.svg$/;

export const socialImagePath = (image: SocialImage) => `/og/${image.name}.png`;

/** The image a page's meta tags name: its own, or the default one. */
export function pageSocialImagePath(pathname: string) {
  return socialImagePath(PAGE_SOCIAL_IMAGES[pathname] ?? DEFAULT_SOCIAL_IMAGE);
}

/** A post's image: its cover's PNG twin, or the default image when the cover has none (an owner's own URL). */
export function postSocialImagePath(coverUrl: string | null) {
  const name = coverUrl ? COVER_PATH.exec(coverUrl)?.[1] : undefined;
  const hasTwin = name !== undefined && (BLOG_COVERS_WITH_TWINS as readonly string[]).includes(name);
  return hasTwin ? `/images/blog/${name}.png` : socialImagePath(DEFAULT_SOCIAL_IMAGE);
}
