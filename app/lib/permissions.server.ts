// Who may see a page (docs/product.md#accounts), for loaders and actions: the same two checks, by the same names, as
// the API's worker/lib/permissions.ts. The browser may hide what a visitor cannot use; these decide.
import { data, redirect, type RouterContextProvider } from "react-router";
import { OWNER_NEEDS_TWO_FACTOR_MESSAGE } from "@core/schemas/two-factor";
import { database } from "@worker/db/client";
import { workerEnv } from "@worker/load-context";
import type { RequestSession } from "@worker/services/auth/sessions";
import { ownerSetupPending } from "@worker/services/auth/two-factor/owner-requirement";
import { getRequestSession, sessionHeaders } from "./session.server";

type PageRequest = { request: Request; context: Readonly<RouterContextProvider> };

/** The signed-in user's session, or a redirect to /auth?next={this page} (docs/product.md#accounts: the route guard). */
export async function requireUser({ request, context, url }: PageRequest & { url: URL }) {
  const resolved = await getRequestSession(request, context);
  const { session } = resolved;
  if (!session) {
    // `url`, not request.url: a data request's URL ends in .data, and `next` must be the page itself.
    throw redirect(`/auth?next=${encodeURIComponent(url.pathname + url.search)}`, { headers: sessionHeaders(resolved) });
  }
  return { ...resolved, session };
}

/** Why an owner is refused their own pages (OWNER_REQUIRES_2FA): the 403's data, which the Forbidden screen shows. */
export type OwnerRefusal = { code: "two_factor_setup_required"; message: string };

/**
 * The owner's session, or a 403 for everyone else (and for an owner who must set two-factor sign-in up first). Signed-out visitors get the 403 too, not the sign-in redirect: the
 * owner's pages answer with their Forbidden screen (components/auth/owner-access.tsx), which offers them sign-in.
 */
export async function requireOwner({ request, context }: PageRequest) {
  const resolved = await getRequestSession(request, context);
  const { session } = resolved;
  if (session?.user.isOwner !== true) throw data(null, { status: 403, headers: sessionHeaders(resolved) });
  const env = workerEnv(context);
  if (await ownerSetupPending(env, database(env.DB), session.user)) {
    const refusal: OwnerRefusal = { code: "two_factor_setup_required", message: OWNER_NEEDS_TWO_FACTOR_MESSAGE };
    throw data(refusal, { status: 403, headers: sessionHeaders(resolved) });
  }
  return { ...resolved, session };
}

/** Whether the visitor is the owner (signed out: no), for pages the owner sees more of (drafts, the editor's buttons). */
export async function viewerIsOwner(resolved: RequestSession, context: PageRequest["context"]): Promise<boolean> {
  const user = resolved.session?.user;
  if (user?.isOwner !== true) return false;
  // An owner who must set two-factor sign-in up first (OWNER_REQUIRES_2FA) sees what any reader sees.
  const env = workerEnv(context);
  return !(await ownerSetupPending(env, database(env.DB), user));
}
