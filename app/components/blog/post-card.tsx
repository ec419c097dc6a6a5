import { Link } from "react-router";
import { CARD_TAG_LIMIT, type PostCard as PostCardData } from "@core/schemas/blog";
import { formatDate, isoDate } from "@core/format";

/** A post in the list: cover (or a gradient placeholder), title, date, excerpt and up to 4 tags. */
export function PostCard({ post }: { post: PostCardData }) {
  return (
    // w-full: the card fills its grid column however short the post (the column's <li> is a flex row). Its link covers
    // the card, so the card draws the link's focus ring.
    <article className="group relative flex w-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow outline-offset-2 hover:shadow-md has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-(--focus-ring)">
      {post.coverUrl ? (
        <img src={post.coverUrl} alt="" className="aspect-[16/9] w-full object-cover" loading="lazy" decoding="async" />
      ) : (
        <div
          aria-hidden
          data-testid="cover-placeholder"
          className="aspect-[16/9] w-full bg-gradient-to-br from-brand-500 via-indigo-400 to-sky-300"
        />
      )}
      <div className="flex flex-1 flex-col p-5">
        <time dateTime={isoDate(post.createdAt)} className="text-sm text-slate-500">
          {formatDate(post.createdAt)}
        </time>
        <h2 className="mt-2 text-lg font-semibold text-slate-900 text-balance">
          <Link to={`/blog/${post.slug}`} className="after:absolute after:inset-0 focus-visible:underline focus-visible:outline-none">
            {post.title}
          </Link>
        </h2>
        {post.excerpt && <p className="mt-2 line-clamp-3 text-slate-600">{post.excerpt}</p>}
        {post.tags && post.tags.length > 0 && (
          <ul className="mt-auto flex flex-wrap gap-2 pt-4" aria-label="Tags">
            {post.tags.slice(0, CARD_TAG_LIMIT).map((tag) => (
              <li key={tag} className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-800">
                {`#${tag}`}
              </li>
            ))}
          </ul>
        )}
      </div>
    </article>
  );
}
