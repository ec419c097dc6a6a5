// What the Worker hands React Router for each document request: the bindings and this response's CSP nonce.
// React Router 8 passes loaders a RouterContextProvider, so each value has a typed key here.
import { createContext, RouterContextProvider } from "react-router";
import type { SessionCheck } from "./lib/session-check";

export type CloudflareContext = { env: Env; ctx: ExecutionContext };

export const cloudflareContext = createContext<CloudflareContext>();
/** Nonce of this response's Content-Security-Policy, for inline scripts. */
export const nonceContext = createContext<string>();
/** The request's session check (worker/lib/session-check.ts); none: the session is read from D1 first. */
export const sessionCheckContext = createContext<SessionCheck | undefined>(undefined);

export function createLoadContext(cloudflare: CloudflareContext, nonce: string, sessionCheck?: SessionCheck) {
  const context = new RouterContextProvider();
  context.set(cloudflareContext, cloudflare);
  context.set(nonceContext, nonce);
  context.set(sessionCheckContext, sessionCheck);
  return context;
}

/** The Worker's bindings, as a loader or action sees them. */
export function workerEnv(context: Readonly<RouterContextProvider>): Env {
  return context.get(cloudflareContext).env;
}
