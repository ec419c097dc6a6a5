// Editing a post (ours, docs/product.md#blog): owner only, checked by the loader on the server.
import { data, Link } from "react-router";
import { OwnerOnly, ownerPageErrorBoundary } from "~/components/auth/owner-access";
import { blogEditorArea } from "~/components/blog/editor-area";
import { OwnerActions } from "~/components/blog/owner-actions";
import { PostEditor, type EditorValues } from "~/components/blog/post-editor";
import proseHref from "~/components/blog/prose.css?url";
import { blog } from "~/content/blog";
import { pageMeta } from "~/lib/meta";
import { requireOwner } from "~/lib/permissions.server";
import { sessionHeaders } from "~/lib/session.server";
import { database } from "@worker/db/client";
import { getPostBySlug } from "@worker/services/blog/posts";
import type { Route } from "./+types/edit";
import { workerEnv } from "@worker/load-context";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: proseHref }];

type EditData = { post: { id: string; slug: string; published: boolean; values: EditorValues } };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const resolved = await requireOwner({ request, context });
  const headers = sessionHeaders(resolved);
  const post = await getPostBySlug(database(workerEnv(context).DB), params.slug, { includeUnpublished: true });
  if (!post) throw data(null, { status: 404, headers });
  const values: EditorValues = {
    title: post.title,
    excerpt: post.excerpt ?? "",
    coverUrl: post.coverUrl ?? "",
    tags: (post.tags ?? []).join(", "),
    canonicalUrl: post.canonicalUrl ?? "",
    content: post.content,
  };
  return data<EditData>({ post: { id: post.id, slug: post.slug, published: post.published, values } }, { headers });
}

export const ErrorBoundary = ownerPageErrorBoundary(blogEditorArea);

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, { title: blog.editor.editTitle, description: blog.meta.description }),
  { name: "robots", content: "noindex" },
];

export default function EditPost({ loaderData }: Route.ComponentProps) {
  return (
    <OwnerOnly area={blogEditorArea}>
      <section className="container-page py-12 sm:py-16">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <p className="eyebrow">
              <Link to={`/blog/${loaderData.post.slug}`} className="hover:underline">
                {blog.list.eyebrow}
              </Link>
            </p>
            <h1 className="heading-2 mt-3">{blog.editor.editTitle}</h1>
          </div>
          <OwnerActions id={loaderData.post.id} slug={loaderData.post.slug} published={loaderData.post.published} />
        </div>
        <PostEditor key={loaderData.post.id} initial={loaderData.post.values} postId={loaderData.post.id} />
      </section>
    </OwnerOnly>
  );
}
