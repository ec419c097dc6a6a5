// The blog list (docs/product.md#blog): search on Enter, 9 cards a page, pager, first render from the loader.
import { ChevronLeft, ChevronRight, PenSquare, Rss, Search } from "lucide-react";
import { useEffect, useState } from "react";
import { Form, Link, useLoaderData, useNavigate, useNavigation, type MetaDescriptor } from "react-router";
import { PostCard } from "~/components/blog/post-card";
import { useUser } from "~/components/auth/user-context";
import { blog } from "~/content/blog";
import { pageMeta } from "~/lib/meta";
import { database } from "@worker/db/client";
import { listPublishedPosts, parsePage } from "@worker/services/blog/posts";
import type { Route } from "./+types/index";
import { workerEnv } from "@worker/load-context";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return listPublishedPosts(database(workerEnv(context).DB), { q: url.searchParams.get("q"), page: parsePage(url.searchParams.get("page")) });
}

/** Replaces the title descriptors of pageMeta's output (the search title as documented, without the brand suffix). */
function withTitle(meta: MetaDescriptor[], title: string) {
  return meta.map((item) =>
    "title" in item ? { title } : "property" in item && item.property === "og:title" ? { property: "og:title", content: title } : item,
  );
}

export const meta: Route.MetaFunction = (args) => {
  const base = pageMeta(args, { title: blog.meta.title, description: blog.meta.description, path: "/blog" });
  const q = args.loaderData?.q;
  const withFeed: MetaDescriptor[] = [
    ...base,
    { tagName: "link", rel: "alternate", type: "application/rss+xml", title: blog.rss.title, href: "/blog/rss.xml" },
  ];
  return q ? [...withTitle(withFeed, blog.meta.searchTitle(q)), { name: "robots", content: "noindex, follow" }] : withFeed;
};

export default function BlogList() {
  const list = useLoaderData<typeof loader>();
  const { isOwner } = useUser();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/blog";
  const { posts, page, pageCount, q, total } = list;

  return (
    <section className="container-page section">
      <div className="flex flex-col gap-6 lg:flex-row lg:items-end lg:justify-between">
        <div className="max-w-2xl">
          <p className="eyebrow">{blog.list.eyebrow}</p>
          <h1 className="heading-2 mt-3">{blog.list.title}</h1>
          <p className="lead mt-3">{blog.list.lead}</p>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <SearchBox q={q} />
          {isOwner === true && (
            <Link to="/blog/new" className="btn-primary shrink-0">
              <PenSquare className="size-4" aria-hidden />
              {blog.list.newPost}
            </Link>
          )}
        </div>
      </div>

      {q && (
        <p className="mt-8 text-sm text-slate-600" role="status">
          {blog.list.resultCount(total, q)} ·{" "}
          <Link to="/blog" replace className="font-medium text-brand-700 underline-offset-2 hover:underline">
            {blog.list.clearSearch}
          </Link>
        </p>
      )}

      <div className="mt-8" aria-busy={loading || undefined}>
        {loading ? (
          <p className="py-16 text-center text-slate-600" role="status">
            {blog.list.loading}
          </p>
        ) : posts.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 bg-slate-50 px-6 py-16 text-center text-slate-700">
            {q ? blog.list.noResults : blog.list.empty}
          </p>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {posts.map((post) => (
              <li key={post.id} className="flex">
                <PostCard post={post} />
              </li>
            ))}
          </ul>
        )}
      </div>

      {pageCount > 1 && <Pager page={page} pageCount={pageCount} q={q} />}

      <p className="mt-12 text-sm">
        <a href="/blog/rss.xml" className="inline-flex items-center gap-1.5 text-slate-600 hover:text-slate-900">
          <Rss className="size-4" aria-hidden />
          {blog.list.rss}
        </a>
      </p>
    </section>
  );
}

/** Applies on Enter: sets q, drops page, and replaces the history entry (works as a plain GET form without JS). */
function SearchBox({ q }: { q: string }) {
  const [value, setValue] = useState(q);
  const navigate = useNavigate();
  // A new search from the address (back, a link) replaces what was typed; on load the box already holds it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new q is the trigger
  useEffect(() => void (value !== q && setValue(q)), [q]);
  return (
    <Form
      role="search"
      method="get"
      action="/blog"
      className="relative w-full sm:w-72"
      onSubmit={(event) => {
        event.preventDefault();
        const term = value.trim();
        navigate(term ? `/blog?${new URLSearchParams({ q: term })}` : "/blog", { replace: true });
      }}
    >
      <label htmlFor="blog-search" className="sr-only">
        {blog.list.searchLabel}
      </label>
      <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" aria-hidden />
      <input
        id="blog-search"
        type="search"
        name="q"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        placeholder={blog.list.searchPlaceholder}
        enterKeyHint="search"
        maxLength={200}
        className="input pl-9"
      />
    </Form>
  );
}

function Pager({ page, pageCount, q }: { page: number; pageCount: number; q: string }) {
  const href = (target: number) => {
    const params = new URLSearchParams();
    if (q) params.set("q", q);
    if (target > 1) params.set("page", String(target));
    const query = params.toString();
    return query ? `/blog?${query}` : "/blog";
  };
  const linkClass = "btn-secondary";
  const disabledClass = "btn-secondary pointer-events-none opacity-50";
  return (
    <nav aria-label={blog.list.pagerLabel} className="mt-10 flex items-center justify-center gap-4">
      {page > 1 ? (
        <Link to={href(page - 1)} className={linkClass} rel="prev">
          <ChevronLeft className="size-4" aria-hidden />
          {blog.list.prev}
        </Link>
      ) : (
        // biome-ignore lint/a11y/useSemanticElements lint/a11y/useFocusableInteractive: a disabled link (first page) has no HTML element, as an <a> without href is not a link; like any disabled control it stays out of the tab order
        <span className={disabledClass} aria-disabled="true" role="link">
          <ChevronLeft className="size-4" aria-hidden />
          {blog.list.prev}
        </span>
      )}
      <span className="text-sm text-slate-700">{blog.list.pageOf(page, pageCount)}</span>
      {page < pageCount ? (
        <Link to={href(page + 1)} className={linkClass} rel="next">
          {blog.list.next}
          <ChevronRight className="size-4" aria-hidden />
        </Link>
      ) : (
        // biome-ignore lint/a11y/useSemanticElements lint/a11y/useFocusableInteractive: a disabled link (last page) has no HTML element; like any disabled control it stays out of the tab order
        <span className={disabledClass} aria-disabled="true" role="link">
          {blog.list.next}
          <ChevronRight className="size-4" aria-hidden />
        </span>
      )}
    </nav>
  );
}
