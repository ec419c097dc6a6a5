// The session as React Router loaders see it: the same resolution as the API (worker/lib/session.ts). What a
// session may see is decided in permissions.server.ts.
import type { RouterContextProvider } from "react-router";
import { workerEnv } from "@worker/load-context";
import { database } from "@worker/db/client";
import { resolveRequestSession, type RequestSession } from "@worker/services/auth/sessions";

// The loaders of one document request (root and page) share the Request: resolve (and maybe rotate) once.
const resolvedByRequest = new WeakMap<Request, Promise<RequestSession>>();

export function getRequestSession(request: Request, context: Readonly<RouterContextProvider>): Promise<RequestSession> {
  let resolved = resolvedByRequest.get(request);
  if (!resolved) {
    const env = workerEnv(context);
    resolved = resolveRequestSession(request, env, database(env.DB), { allowRefresh: true });
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
