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
