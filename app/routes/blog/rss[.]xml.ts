import { blog } from "~/content/blog";
import { database } from "@worker/db/client";
import { latestPublished } from "@worker/services/blog/posts";
import type { Route } from "./+types/rss[.]xml";
import { workerEnv } from "@worker/load-context";

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
// XML 1.0 forbids most control characters even when escaped.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the pattern lists the characters XML 1.0 forbids, so that they are stripped
const xmlText = (text: string) => escapeXml(text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, ""));

/** RSS 2.0 feed of the latest published posts. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
  const posts = await latestPublished(database(workerEnv(context).DB), blog.rss.limit);
  const items = posts
    .map((post) => {
      const link = `${origin}/blog/${post.slug}`;
      return [
        "    <item>",
        `      <title>${xmlText(post.title)}</title>`,
        `      <link>${xmlText(link)}</link>`,
        `      <guid isPermaLink="true">${xmlText(link)}</guid>`,
        `      <pubDate>${post.createdAt.toUTCString()}</pubDate>`,
        post.excerpt ? `      <description>${xmlText(post.excerpt)}</description>` : null,
        ...(post.tags ?? []).map((tag) => `      <category>${xmlText(tag)}</category>`),
        "    </item>",
      ]
        .filter((line) => line !== null)
        .join("\n");
    })
    .join("\n");
  const lastBuild = posts[0]?.createdAt ?? new Date(0);
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${xmlText(blog.rss.title)}</title>
    <link>${xmlText(`${origin}/blog`)}</link>
    <description>${xmlText(blog.rss.description)}</description>
    <language>en</language>
    <lastBuildDate>${lastBuild.toUTCString()}</lastBuildDate>
    <atom:link href="${xmlText(`${origin}/blog/rss.xml`)}" rel="self" type="application/rss+xml"/>
${items}
  </channel>
</rss>
`;
  return new Response(body, { headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=300" } });
}
