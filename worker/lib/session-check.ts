// The session check alongside the work (docs/decisions/0028-the-d1-round-trip-budget.md). A read (GET or HEAD) with
// an unexpired access token is prepared at once for the user the token names, while D1 confirms, in parallel, that
// the session is still live and the user still the one the token describes. Nothing leaves before D1 has agreed:
// when it does not (a session revoked since the token was signed, an owner flag or an email changed), the prepared
// answer is dropped unsent and the request served again, the session resolved first, as every write is.
import type { Database } from "../db/client";
import type { SessionUser } from "@core/schemas/auth";
import { claimedSession, loadSessionUser, resolveRequestSession, type RequestSession } from "../services/auth/sessions";

/** One request's check: whether its answer may be prepared on the token's word, and D1's confirmations under way. */
export class SessionCheck {
  readonly confirmations: Promise<boolean>[] = [];
  constructor(readonly alongside: boolean) {}
}

const checks = new WeakMap<Request, SessionCheck>();

/**
 * Only reads run alongside the check: a write waits for the session first. An upgrade to a socket too: the hub
 * would hold the socket before the check had passed.
 */
function mayRunAlongside(request: Request) {
  return (request.method === "GET" || request.method === "HEAD") && !request.headers.has("upgrade");
}

/** The check of a request `answerAfterSessionCheck` is serving (none: the session is resolved first). */
export function sessionCheckOf(request: Request): SessionCheck | undefined {
  return checks.get(request);
}

/**
 * Serves `request`, holding its answer until every session it used has been confirmed by D1; serves it again with
 * the session resolved first when one was not.
 */
export async function answerAfterSessionCheck(request: Request, serve: () => Promise<Response>): Promise<Response> {
  if (!mayRunAlongside(request)) return serve();
  const check = new SessionCheck(true);
  checks.set(request, check);
  const response = await serve();
  const confirmed = await Promise.all(check.confirmations);
  if (confirmed.every(Boolean)) return response;
  await response.body?.cancel();
  checks.set(request, new SessionCheck(false));
  return serve();
}

const sameUser = (stored: SessionUser | null, claimed: SessionUser) =>
  stored !== null && stored.id === claimed.id && stored.email === claimed.email && stored.isOwner === claimed.isOwner;

/**
 * The request's session: under a check that allows it, the one its access token claims (D1's confirmation joins
 * the check); otherwise resolveRequestSession's, read from D1 first (refreshing an expired access cookie).
 */
export async function resolveSession(
  request: Request,
  env: Pick<Env, "AUTH_SECRET">,
  db: Database,
  check: SessionCheck | undefined,
): Promise<RequestSession> {
  const claimed = check?.alongside ? await claimedSession(request, env) : null;
  if (!claimed || !check) return resolveRequestSession(request, env, db, { allowRefresh: true });
  const { user } = claimed.session;
  // A failed read confirms nothing: the request is served again, and meets the error with its session read first.
  const confirmed = loadSessionUser(db, user.id, claimed.familyId).then((stored) => sameUser(stored, user));
  check.confirmations.push(confirmed.catch(() => false));
  return claimed;
}
