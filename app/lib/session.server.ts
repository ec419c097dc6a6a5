// The session as React Router loaders see it: the same resolution as the API (worker/lib/session.ts). What a
// session may see is decided in permissions.server.ts.
import type { RouterContextProvider } from "react-router";
import { sessionCheckContext, workerEnv } from "@worker/load-context";
import { database } from "@worker/db/client";
import { resolveSession } from "@worker/lib/session-check";
import type { RequestSession } from "@worker/services/auth/sessions";

// The action and the loaders of one document request (root and page) share its context, not its Request (React
// Router gives the loaders after an action a new one): resolve (and maybe rotate) once per context.
const resolvedByContext = new WeakMap<Readonly<RouterContextProvider>, Promise<RequestSession>>();

export function getRequestSession(request: Request, context: Readonly<RouterContextProvider>): Promise<RequestSession> {
  let resolved = resolvedByContext.get(context);
  if (!resolved) {
    const env = workerEnv(context);
    // A page's read takes the access token's word while D1 confirms it (worker/lib/session-check.ts).
    resolved = resolveSession(request, env, database(env.DB), context.get(sessionCheckContext));
    resolvedByContext.set(context, resolved);
  }
  return resolved;
}

/** Headers that carry a refreshed (or cleared) session back to the browser. */
export function sessionHeaders(resolved: RequestSession) {
  const headers = new Headers();
  for (const cookie of resolved.setCookies) headers.append("Set-Cookie", cookie);
  return headers;
}
