import type { MetaDescriptor } from "react-router";
import { site } from "@core/site";
import { pageSocialImagePath, SOCIAL_IMAGE_SIZE } from "@core/social-images";

type PageMeta = { title: string; description: string; path?: string };
type MetaArgsLike = { location: { pathname: string }; matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined> };

/** The site's origin as the root loader saw it, for absolute canonical URLs. */
function rootOrigin(matches: MetaArgsLike["matches"]) {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { origin?: string } | undefined;
  return root?.origin ?? "";
}

/** The Open Graph image tags for an image on this site (a PNG the build renders, see core/social-images.ts). */
export function socialImageMeta(args: Pick<MetaArgsLike, "matches">, imagePath: string): MetaDescriptor[] {
  return [
    { property: "og:image", content: `${rootOrigin(args.matches)}${imagePath}` },
    { property: "og:image:type", content: "image/png" },
    { property: "og:image:width", content: String(SOCIAL_IMAGE_SIZE.width) },
    { property: "og:image:height", content: String(SOCIAL_IMAGE_SIZE.height) },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}

/** Title, description, canonical link and Open Graph basics (the page's social image included) for a page. */
export function pageMeta(args: MetaArgsLike, { title, description, path }: PageMeta): MetaDescriptor[] {
  const fullTitle = title === site.name ? title : `${title} – ${site.name}`;
  const pathname = path ?? args.location.pathname;
  const canonical = `${rootOrigin(args.matches)}${pathname}`;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:site_name", content: site.name },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: canonical },
    { property: "og:type", content: "website" },
    ...socialImageMeta(args, pageSocialImagePath(pathname)),
  ];
}
