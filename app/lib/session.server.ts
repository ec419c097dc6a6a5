// The session as React Router loaders see it: the same resolution as the API (worker/lib/session.ts).
import { redirect, type RouterContextProvider } from "react-router";
import { workerEnv } from "@worker/load-context";
import { database } from "@worker/db/client";
import { resolveRequestSession, type RequestSession } from "@worker/services/auth/sessions";

// The action and the loaders of one document request (root and page) share its context, not its Request (React
// Router gives the loaders after an action a new one): resolve (and maybe rotate) once per context.
const resolvedByRequest = new WeakMap<Readonly<RouterContextProvider>, Promise<RequestSession>>();

export function getRequestSession(request: Request, context: Readonly<RouterContextProvider>): Promise<RequestSession> {
  let resolved = resolvedByRequest.get(context);
  if (!resolved) {
    const env = workerEnv(context);
    resolved = resolveRequestSession(request, env, database(env.DB), { allowRefresh: true });
    resolvedByRequest.set(context, resolved);
  }
  return resolved;
}

/** Headers that carry a refreshed (or cleared) session back to the browser. */
export function sessionHeaders(resolved: RequestSession) {
  const headers = new Headers();
  for (const cookie of resolved.setCookies) headers.append("Set-Cookie", cookie);
  return headers;
}

/** The signed-in user, or a redirect to /auth?next={this page} (docs/product.md#accounts: the route guard). */
export async function requireSignedIn({ request, context, url }: { request: Request; context: Readonly<RouterContextProvider>; url: URL }) {
  const resolved = await getRequestSession(request, context);
  const { session } = resolved;
  if (!session) {
    // `url`, not request.url: a data request's URL ends in .data, and `next` must be the page itself.
    throw redirect(`/auth?next=${encodeURIComponent(url.pathname + url.search)}`, { headers: sessionHeaders(resolved) });
  }
  return { ...resolved, session };
}
