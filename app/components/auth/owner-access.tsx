// What an owner's page shows around its content (the blog editor, the Studio): "Loading…" while owner status is
// unknown, 403 for others. The server's check is requireOwner in the loaders (app/lib/permissions.server.ts); this only
// follows the live session, so a sign-out in another tab hides the page at once.
import { isRouteErrorResponse, Link, useLocation, useRouteError } from "react-router";
import { useUser } from "~/components/auth/user-context";
import { NotFound } from "~/components/not-found";
import { SomethingWentWrong } from "~/components/something-went-wrong";
import { ownerAccess } from "~/content/owner";
import { site } from "@core/site";

/** Which owner's page refused the visitor: what it says, and where its way back leads. */
export type OwnerArea = { text: string; back: { to: string; label: string } };

/** `reason`: why an owner is refused (two-factor sign-in not set up yet, OWNER_REQUIRES_2FA), with a way to the account page. */
export function Forbidden({ area, reason }: { area: OwnerArea; reason?: string }) {
  const { user } = useUser();
  const { pathname } = useLocation();
  return (
    <section className="container-page section text-center">
      <title>{`${ownerAccess.forbiddenTitle} – ${site.name}`}</title>
      <meta name="robots" content="noindex" />
      <h1 className="heading-2">{ownerAccess.forbiddenTitle}</h1>
      <p className="lead mx-auto mt-4 max-w-xl">{reason ?? area.text}</p>
      <div className="mt-8 flex justify-center gap-3">
        {reason && (
          <Link to="/account#two-factor" className="btn-primary">
            {ownerAccess.setUpTwoFactor}
          </Link>
        )}
        {!user && (
          <Link to={`/auth?next=${pathname}`} className="btn-primary">
            {ownerAccess.signInLink}
          </Link>
        )}
        <Link to={area.back.to} className="btn-secondary">
          {area.back.label}
        </Link>
      </div>
    </section>
  );
}

/** The owner's screen, which the loader only renders for the owner, while the live session still says so. */
export function OwnerOnly({ area, children }: { area: OwnerArea; children: React.ReactNode }) {
  const { isOwner } = useUser();
  if (isOwner === null)
    return (
      <p className="container-page section text-center text-slate-600" role="status">
        {ownerAccess.loading}
      </p>
    );
  return isOwner ? children : <Forbidden area={area} />;
}

function ownerRefusalMessage(data: unknown) {
  const message = typeof data === "object" && data !== null ? (data as { message?: unknown }).message : undefined;
  return typeof message === "string" ? message : undefined;
}

/** An owner's page's error screen: requireOwner's 403 is the Forbidden screen, a missing record the 404 screen. */
export function ownerPageErrorBoundary(area: OwnerArea) {
  return function OwnerPageErrorBoundary() {
    const error = useRouteError();
    if (isRouteErrorResponse(error) && error.status === 403) return <Forbidden area={area} reason={ownerRefusalMessage(error.data)} />;
    if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
    return <SomethingWentWrong error={error} />;
  };
}
