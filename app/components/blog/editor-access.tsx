// What the editor screens show around the form: "Loading…" while owner status is unknown, 403 for others.
import { Link, useLocation } from "react-router";
import { useUser } from "~/components/auth/user-context";
import { blog } from "~/content/blog";
import { site } from "@core/site";

const copy = blog.editor;

export function Forbidden() {
  const { user } = useUser();
  const { pathname } = useLocation();
  return (
    <section className="container-page section text-center">
      <title>{`${copy.forbiddenTitle} – ${site.name}`}</title>
      <meta name="robots" content="noindex" />
      <h1 className="heading-2">{copy.forbiddenTitle}</h1>
      <p className="lead mx-auto mt-4 max-w-xl">{copy.forbiddenText}</p>
      <div className="mt-8 flex justify-center gap-3">
        {!user && (
          <Link to={`/auth?next=${pathname}`} className="btn-primary">
            {copy.signInLink}
          </Link>
        )}
        <Link to="/blog" className="btn-secondary">
          {blog.post.backToBlog}
        </Link>
      </div>
    </section>
  );
}

/** Shows the owner's screen only when both the server (`allowed`) and the live session agree. */
export function OwnerOnly({ allowed, children }: { allowed: boolean; children: React.ReactNode }) {
  const { isOwner } = useUser();
  if (isOwner === null)
    return (
      <p className="container-page section text-center text-slate-600" role="status">
        {copy.loading}
      </p>
    );
  return allowed && isOwner ? children : <Forbidden />;
}
