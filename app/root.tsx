import { useEffect } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { SubscriptionProvider } from "~/components/subscribe/subscription-context";
import { NotFound } from "~/components/not-found";
import { site } from "~/content/site";
import { useNonce } from "~/lib/nonce";
import { ToastHost } from "~/lib/toast";

export function loader({ request }: Route.LoaderArgs) {
  return { origin: new URL(request.url).origin };
}

/** The root loader's data only changes with a form submission (e.g. signing in), not with navigation or query changes. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod !== undefined && formMethod !== "GET" ? defaultShouldRevalidate : false;
}

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/site.webmanifest" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#4f46e5" />
        <Meta />
        <Links nonce={nonce} />
      </head>
      <body className="flex min-h-dvh flex-col">
        <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[100] focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:shadow">
          Skip to content
        </a>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  // Browser tests wait for this marker before they click anything.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <SubscriptionProvider>
      <SiteHeader />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter />
      <ToastHost />
    </SubscriptionProvider>
  );
}

export default function App() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Shell>
        <NotFound />
      </Shell>
    );
  }
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <Shell>
      <section className="container-page section text-center">
        <title>{`Something went wrong – ${site.name}`}</title>
        <h1 className="heading-2">Something went wrong</h1>
        <p className="lead mt-4">
          {isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : "An unexpected error occurred. Please try again."}
        </p>
        <a href="/" className="btn-primary mt-8">
          Back to home
        </a>
      </section>
    </Shell>
  );
}
