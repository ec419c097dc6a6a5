import { crowdfundingPath, productPath } from "@core/site";

/** Every public, indexable page: the sitemap lists these and the tests visit them. */
export const publicPages = [
  "/",
  crowdfundingPath,
  "/about",
  "/timeline",
  "/business",
  productPath("ai"),
  productPath("apps"),
  "/join",
  "/contact",
  "/privacy",
] as const;

/**
 * Every page the sitemap lists: the public pages, the blog, and the translator and AI chat, which anyone may open
 * (they ask visitors to sign in) but which are personal, so they stay out of the page cache (worker/lib/page-cache.ts).
 */
export const sitemapPages = [...publicPages, "/blog", "/translate", "/ai"] as const;
