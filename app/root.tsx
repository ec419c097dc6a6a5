import { useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import type { Route } from "./+types/root";
import appStyles from "./app.css?inline";
import { InlineStyles } from "~/components/layout/inline-styles";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { UserProvider, useUser } from "~/components/auth/user-context";
import { SubscriptionProvider } from "~/components/subscribe/subscription-context";
import { NotFound } from "~/components/not-found";
import { SomethingWentWrong } from "~/components/something-went-wrong";
import { useNonce } from "~/lib/nonce";
import { getRequestSession, sessionHeaders } from "~/lib/session.server";
import { ToastHost } from "~/lib/toast";
import { useHydrated } from "~/lib/use-hydrated";

export async function loader({ request, context }: Route.LoaderArgs) {
  const resolved = await getRequestSession(request, context);
  return data({ origin: new URL(request.url).origin, session: resolved.session }, { headers: sessionHeaders(resolved) });
}

/**
 * The root loader's data (origin, session) changes only when the session does: after a form submission or an
 * explicit revalidate() (same URL), not on navigation or query changes. Sign-in and sign-out reload the page.
 */
export function shouldRevalidate({ formMethod, currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const submission = formMethod !== undefined && formMethod !== "GET";
  return submission || currentUrl.href === nextUrl.href ? defaultShouldRevalidate : false;
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
        {/* The site's stylesheet: only the server has its text, so the client bundle never carries the CSS. */}
        <InlineStyles href="parley-app" css={import.meta.env.SSR ? appStyles : ""} />
        <Meta />
        <Links nonce={nonce} />
      </head>
      <body className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[100] focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:shadow"
        >
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
  // Undefined only when the root loader itself failed (the error boundary): render signed out.
  const session = useRouteLoaderData<typeof loader>("root")?.session ?? null;
  return (
    <UserProvider session={session}>
      <SubscriptionForUser>
        <SiteHeader />
        <main id="main" className="flex-1">
          {children}
        </main>
        <SiteFooter />
        <ToastHost />
        <HydratedMarker />
      </SubscriptionForUser>
    </UserProvider>
  );
}

/** Browser tests wait for this marker before they click anything: set when the hydrated controls have switched. */
function HydratedMarker() {
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) document.documentElement.dataset.hydrated = "true";
  }, [hydrated]);
  return null;
}

/** Subscription offers follow the live session (a sign-out in another tab included). */
function SubscriptionForUser({ children }: { children: React.ReactNode }) {
  const { user } = useUser();
  return <SubscriptionProvider signedIn={user !== null}>{children}</SubscriptionProvider>;
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
  return (
    <Shell>
      <SomethingWentWrong error={error} />
    </Shell>
  );
}
