// What the editor screens show around the form: "Loading…" while owner status is unknown, 403 for others. The
// server's check is requireOwner in the loaders (app/lib/permissions.server.ts); this only follows the live session.
import { isRouteErrorResponse, Link, useLocation, useRouteError } from "react-router";
import { useUser } from "~/components/auth/user-context";
import { NotFound } from "~/components/not-found";
import { SomethingWentWrong } from "~/components/something-went-wrong";
import { blog } from "~/content/blog";
import { site } from "@core/site";

const copy = blog.editor;

/** `reason`: why an owner is refused (two-factor sign-in not set up yet, OWNER_REQUIRES_2FA), with a way to the account page. */
export function Forbidden({ reason }: { reason?: string }) {
  const { user } = useUser();
  const { pathname } = useLocation();
  return (
    <section className="container-page section text-center">
      <title>{`${copy.forbiddenTitle} – ${site.name}`}</title>
      <meta name="robots" content="noindex" />
      <h1 className="heading-2">{copy.forbiddenTitle}</h1>
      <p className="lead mx-auto mt-4 max-w-xl">{reason ?? copy.forbiddenText}</p>
      <div className="mt-8 flex justify-center gap-3">
        {reason && (
          <Link to="/account#two-factor" className="btn-primary">
            Set up two-factor sign-in
          </Link>
        )}
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

/** The owner's screen, which the loader only renders for the owner, while the live session still says so (a sign-out in another tab). */
export function OwnerOnly({ children }: { children: React.ReactNode }) {
  const { isOwner } = useUser();
  if (isOwner === null)
    return (
      <p className="container-page section text-center text-slate-600" role="status">
        {copy.loading}
      </p>
    );
  return isOwner ? children : <Forbidden />;
}

function ownerRefusalMessage(data: unknown) {
  const message = typeof data === "object" && data !== null ? (data as { message?: unknown }).message : undefined;
  return typeof message === "string" ? message : undefined;
}

/** The editor pages' error screen: requireOwner's 403 is the Forbidden screen, a missing post the 404 screen. */
export function EditorErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 403) return <Forbidden reason={ownerRefusalMessage(error.data)} />;
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return <SomethingWentWrong error={error} />;
}
