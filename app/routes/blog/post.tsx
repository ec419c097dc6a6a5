// A blog post (docs/product.md#blog): server-rendered, sanitized Markdown, SEO head, comments.
import { ArrowLeft, Clock } from "lucide-react";
import { data, Link, useLoaderData, useRouteLoaderData, type MetaDescriptor } from "react-router";
import { COMMENT_INTENT, Comments, DELETE_COMMENT_INTENT } from "~/components/blog/comments";
import { formatDateTime, isoDate } from "@core/format";
import { OwnerActions } from "~/components/blog/owner-actions";
import proseStyles from "~/components/blog/prose.css?inline";
import { InlineStyles } from "~/components/layout/inline-styles";
import { blog } from "~/content/blog";
import { site } from "@core/site";
import { postSocialImagePath } from "@core/social-images";
import { socialImageMeta } from "~/lib/meta";
import { viewerIsOwner } from "~/lib/permissions.server";
import { getRequestSession, sessionHeaders } from "~/lib/session.server";
import { readingMinutes } from "@core/schemas/blog";
import { database } from "@worker/db/client";
import { renderMarkdown } from "@worker/services/blog/markdown";
import { readPostPage } from "@worker/services/blog/post-page";
import type { Route } from "./+types/post";
import { workerEnv } from "@worker/load-context";
import { commentAction, deleteCommentAction } from "./comment.server";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const resolved = await getRequestSession(request, context);
  const user = resolved.session?.user ?? null;
  const isOwner = await viewerIsOwner(resolved, context);
  const db = database(workerEnv(context).DB);
  // Owners may look at their unpublished posts; everyone else gets the 404 screen with a real 404.
  const page = await readPostPage(db, params.slug, { includeUnpublished: isOwner, viewerId: user?.id ?? null });
  if (!page) throw data(null, { status: 404, headers: sessionHeaders(resolved) });
  const { content, authorId: _author, ...fields } = page.post;
  return data(
    {
      post: fields,
      html: renderMarkdown(content),
      minutes: readingMinutes(content),
      comments: page.comments,
      isOwner,
    },
    { headers: sessionHeaders(resolved) },
  );
}

/** The comment box and each comment's Delete post here when the browser runs no JavaScript (with it they call the API). */
export async function action(args: Route.ActionArgs) {
  const intent = (await args.request.clone().formData()).get("intent");
  return intent === DELETE_COMMENT_INTENT ? deleteCommentAction(args, DELETE_COMMENT_INTENT) : commentAction(args, COMMENT_INTENT);
}

/** Absolute URL on this site for a path; other absolute URLs (an external canonical) stay as they are. */
const absolute = (origin: string, url: string) => (url.startsWith("/") ? `${origin}${url}` : url);

export const meta: Route.MetaFunction = ({ loaderData: loaded, matches }) => {
  if (!loaded) return [{ title: `Page not found – ${site.name}` }];
  const { post } = loaded;
  const origin = (matches.find((match) => match?.id === "root")?.loaderData as { origin?: string } | undefined)?.origin ?? "";
  const ownUrl = `${origin}/blog/${post.slug}`;
  const canonical = post.canonicalUrl ? absolute(origin, post.canonicalUrl) : ownUrl;
  const title = `${post.title} – ${site.name}`;
  const description = post.excerpt ?? blog.meta.description;
  // Social cards and search results get a PNG (X and Facebook show no SVG): the cover's twin, or the site's image.
  const imagePath = postSocialImagePath(post.coverUrl);
  const organisation = { "@type": "Organization", name: site.name, url: `${origin}/` };
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:site_name", content: site.name },
    { property: "og:type", content: "article" },
    { property: "og:title", content: post.title },
    { property: "og:description", content: description },
    { property: "og:url", content: canonical },
    { property: "article:published_time", content: isoDate(post.createdAt) },
    { property: "article:modified_time", content: isoDate(post.updatedAt) },
    ...(post.tags ?? []).map((tag) => ({ property: "article:tag", content: tag })),
    ...socialImageMeta({ matches }, imagePath),
    // JSON-LD is data, not script: React Router escapes "<" in it, and the CSP does not run it.
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "Article",
        headline: post.title,
        description,
        datePublished: isoDate(post.createdAt),
        dateModified: isoDate(post.updatedAt),
        mainEntityOfPage: { "@type": "WebPage", "@id": canonical },
        url: ownUrl,
        image: [`${origin}${imagePath}`],
        ...(post.tags?.length ? { keywords: post.tags.join(", ") } : {}),
        author: organisation,
        publisher: { ...organisation, logo: { "@type": "ImageObject", url: `${origin}/favicon.svg` } },
      },
    },
  ];
  if (!post.published) tags.push({ name: "robots", content: "noindex" });
  return tags;
};

export default function BlogPost() {
  const { post, html, minutes, comments, isOwner } = useLoaderData<typeof loader>();
  const origin = (useRouteLoaderData("root") as { origin?: string } | undefined)?.origin ?? "";
  const shareUrl = `https://x.com/intent/tweet?${new URLSearchParams({ url: `${origin}/blog/${post.slug}`, text: post.title })}`;

  return (
    <article className="container-page py-12 sm:py-16">
      {/* Inline rather than a render-blocking request; a client-side navigation brings it in the route's chunk. */}
      <InlineStyles href="parley-prose" css={proseStyles} />
      <div className="mx-auto max-w-3xl">
        <Link to="/blog" className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900">
          <ArrowLeft className="size-4" aria-hidden />
          {blog.post.backToBlog}
        </Link>

        {isOwner && (
          <div className="mt-6 flex flex-col gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-slate-700">{post.published ? "You own this blog." : blog.post.draftNotice}</p>
            <OwnerActions id={post.id} slug={post.slug} published={post.published} />
          </div>
        )}

        {post.coverUrl && <img src={post.coverUrl} alt="" className="mt-8 aspect-[16/9] w-full rounded-2xl object-cover" />}

        <header className="mt-8">
          <h1 className="heading-2">{post.title}</h1>
          <p className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
            <time dateTime={isoDate(post.createdAt)}>{formatDateTime(post.createdAt)}</time>
            <span className="inline-flex items-center gap-1">
              <Clock className="size-4" aria-hidden />
              {blog.post.readingTime(minutes)}
            </span>
          </p>
          {post.tags && post.tags.length > 0 && (
            <ul className="mt-4 flex flex-wrap gap-2" aria-label="Tags">
              {post.tags.map((tag) => (
                <li key={tag} className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-800">
                  {`#${tag}`}
                </li>
              ))}
            </ul>
          )}
        </header>

        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the loader's renderMarkdown output (marked, then sanitize-html in worker/services/blog/markdown.ts) */}
        <div className="blog-prose mt-10" dangerouslySetInnerHTML={{ __html: html }} />

        <div className="mt-12 flex flex-wrap items-center gap-3 border-t border-slate-200 pt-6">
          <a href={shareUrl} target="_blank" rel="noopener noreferrer" className="btn-secondary">
            {blog.post.shareOnX}
          </a>
          <Link to="/blog" className="btn-secondary">
            <ArrowLeft className="size-4" aria-hidden />
            {blog.post.backToBlog}
          </Link>
        </div>

        <Comments key={post.id} slug={post.slug} initial={comments} />
      </div>
    </article>
  );
}
