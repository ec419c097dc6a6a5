// New post (docs/product.md#blog): the owner's editor. The loader checks ownership on the server (403 otherwise).
import { data } from "react-router";
import { OwnerOnly, ownerPageErrorBoundary } from "~/components/auth/owner-access";
import { blogEditorArea } from "~/components/blog/editor-area";
import { PostEditor } from "~/components/blog/post-editor";
import proseHref from "~/components/blog/prose.css?url";
import { blog } from "~/content/blog";
import { pageMeta } from "~/lib/meta";
import { requireOwner } from "~/lib/permissions.server";
import { sessionHeaders } from "~/lib/session.server";
import type { Route } from "./+types/new";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: proseHref }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const resolved = await requireOwner({ request, context });
  return data(null, { headers: sessionHeaders(resolved) });
}

export const ErrorBoundary = ownerPageErrorBoundary(blogEditorArea);

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, { title: blog.editor.newTitle, description: blog.meta.description, path: "/blog/new" }),
  { name: "robots", content: "noindex" },
];

export default function NewPost() {
  return (
    <OwnerOnly area={blogEditorArea}>
      <section className="container-page py-12 sm:py-16">
        <p className="eyebrow">{blog.list.eyebrow}</p>
        <h1 className="heading-2 mt-3">{blog.editor.newTitle}</h1>
        <PostEditor />
      </section>
    </OwnerOnly>
  );
}
