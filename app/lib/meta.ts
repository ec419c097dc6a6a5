import type { MetaDescriptor } from "react-router";
import { site } from "@core/site";

type PageMeta = { title: string; description: string; path?: string };
type MetaArgsLike = { location: { pathname: string }; matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined> };

/** The site's origin as the root loader saw it, for absolute canonical URLs. */
function rootOrigin(matches: MetaArgsLike["matches"]) {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { origin?: string } | undefined;
  return root?.origin ?? "";
}

/** Title, description, canonical link and Open Graph basics for a page. */
export function pageMeta(args: MetaArgsLike, { title, description, path }: PageMeta): MetaDescriptor[] {
  const fullTitle = title === site.name ? title : `${title} – ${site.name}`;
  const canonical = `${rootOrigin(args.matches)}${path ?? args.location.pathname}`;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:site_name", content: site.name },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: canonical },
    { property: "og:type", content: "website" },
  ];
}
