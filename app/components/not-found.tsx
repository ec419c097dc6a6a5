import { useEffect } from "react";
import { Link, useLocation } from "react-router";
import { site } from "@core/site";

export function NotFound() {
  const { pathname } = useLocation();
  useEffect(() => {
    console.warn(`404: no page at ${pathname}`);
  }, [pathname]);
  return (
    <section className="container-page section text-center">
      <title>{`Page not found – ${site.name}`}</title>
      <meta name="robots" content="noindex" />
      <p className="eyebrow">404</p>
      <h1 className="heading-2 mt-3">Page not found</h1>
      <p className="lead mx-auto mt-4 max-w-xl">
        There is nothing at <code className="rounded bg-slate-100 px-1.5 py-0.5 text-base break-all">{pathname}</code>. It may have moved, or the link
        may be mistyped.
      </p>
      <Link to="/" className="btn-primary mt-8">
        Go to the home page
      </Link>
    </section>
  );
}
