import { sitemapPages } from "@core/public-pages";
import { database } from "@worker/db/client";
import { latestPublished } from "@worker/services/blog/posts";
import type { Route } from "./+types/sitemap[.]xml";
import { workerEnv } from "@worker/load-context";

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

/** The sitemap holds at most 50,000 URLs; the fixed pages plus the published posts stay well within it. */
const MAX_POSTS = 45_000;

export async function loader({ request, context }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
  const posts = await latestPublished(database(workerEnv(context).DB), MAX_POSTS);
  const pages = sitemapPages.map((page) => `  <url><loc>${escapeXml(`${origin}${page}`)}</loc></url>`);
  const postUrls = posts.map(
    (post) => `  <url><loc>${escapeXml(`${origin}/blog/${post.slug}`)}</loc><lastmod>${post.updatedAt.toISOString()}</lastmod></url>`,
  );
  const urls = [...pages, ...postUrls].join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
