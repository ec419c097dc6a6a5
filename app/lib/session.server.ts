// The session as React Router loaders see it: the same resolution as the API (worker/lib/session.ts).
import { redirect, type AppLoadContext } from "react-router";
import { database } from "@worker/db/client";
import { resolveRequestSession, type RequestSession } from "@worker/services/auth/sessions";

// The loaders of one document request (root and page) share the Request: resolve (and maybe rotate) once.
const resolvedByRequest = new WeakMap<Request, Promise<RequestSession>>();

export function getRequestSession(request: Request, context: AppLoadContext): Promise<RequestSession> {
  let resolved = resolvedByRequest.get(request);
  if (!resolved) {
    resolved = resolveRequestSession(request, context.cloudflare.env, database(context.cloudflare.env.DB), { allowRefresh: true });
    resolvedByRequest.set(request, resolved);
  }
  return resolved;
}

/** Headers that carry a refreshed (or cleared) session back to the browser. */
export function sessionHeaders(resolved: RequestSession) {
  const headers = new Headers();
  for (const cookie of resolved.setCookies) headers.append("Set-Cookie", cookie);
  return headers;
}

/** The signed-in user, or a redirect to /auth?next={this page} (SPEC: the route guard). */
export async function requireSignedIn(request: Request, context: AppLoadContext) {
  const resolved = await getRequestSession(request, context);
  if (!resolved.session) {
    const url = new URL(request.url);
    throw redirect(`/auth?next=${encodeURIComponent(url.pathname + url.search)}`, { headers: sessionHeaders(resolved) });
  }
  return resolved;
}
