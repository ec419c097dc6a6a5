// D1's Sessions API for every request (docs/decisions/0028-the-d1-round-trip-budget.md): with read replication, a
// request's reads may be served by a replica near the edge location instead of the distant primary. A replica may lag;
// the session's bookmark says how far the database had got for this browser, and travels in a cookie, so that the
// next request starts from at least there: a user always reads their own writes.
import { ACCESS_COOKIE, clearCookie, cookieIsSecure, readCookie, REFRESH_COOKIE, serializeCookie } from "../services/auth/cookies";

export const BOOKMARK_COOKIE = "parley_d1";
/** A bookmark only matters while replicas may lag behind it: an hour is plenty. */
const BOOKMARK_MAX_AGE_SECONDS = 60 * 60;

/** The bindings with DB as one D1 session, and how to carry its bookmark back to the browser. */
export type RequestD1 = { env: Env; carryBookmark: (response: Response) => Response };

/** A D1 session as the D1Database the app's code takes (drizzle, the services): prepare and batch go through it. */
function sessionDatabase(db: D1Database, session: D1DatabaseSession): D1Database {
  return {
    prepare: (query: string) => session.prepare(query),
    batch: <T>(statements: D1PreparedStatement[]) => session.batch<T>(statements),
    exec: (query: string) => db.exec(query),
    dump: () => db.dump(),
    withSession: (constraintOrBookmark?: string) => db.withSession(constraintOrBookmark),
  } as D1Database;
}

/** Whether the answer signs in, renews or ends a session (it sets or clears the access cookie). */
const changesSession = (response: Response) => response.headers.getSetCookie().some((cookie) => cookie.startsWith(`${ACCESS_COOKIE}=`));

/** Whether the browser is signed in: only its answers carry a bookmark, never a public page's. */
function hasSessionCookie(request: Request) {
  const cookies = request.headers.get("cookie");
  return Boolean(readCookie(cookies, ACCESS_COOKIE) || readCookie(cookies, REFRESH_COOKIE));
}

/** The answer with one more Set-Cookie (a copy: an answer's own headers may be immutable). */
function withCookie(response: Response, cookie: string) {
  const carried = new Response(response.body, response);
  carried.headers.append("Set-Cookie", cookie);
  return carried;
}

/** The request bindings (openRequestD1's env) of requests that write to D1 after their answer has left. */
const writesAfterAnswer = new WeakSet<Env>();
/** The constraint the browser's next request starts from when this one's bookmark cannot include its last write. */
const FROM_PRIMARY = "first-primary";

/**
 * Says this request writes to D1 after its answer (in waitUntil), so that its bookmark cannot include that write: the
 * browser's next request then reads from the primary, which has it (the write was sent before the answer left).
 */
export function writeAfterAnswer(env: Env) {
  writesAfterAnswer.add(env);
}

/**
 * Opens the request's D1 session from the browser's bookmark. A signed-in browser without one (it has just signed in)
 * reads from the primary, which has its session; a visitor's reads may go to any replica.
 */
export function openRequestD1(env: Env, request: Request): RequestD1 {
  const sent = readCookie(request.headers.get("cookie"), BOOKMARK_COOKIE);
  const session = env.DB.withSession(sent || (hasSessionCookie(request) ? FROM_PRIMARY : "first-unconstrained"));
  const sessionEnv: Env = { ...env, DB: sessionDatabase(env.DB, session) };
  const carryBookmark = (response: Response) => {
    // A socket's upgrade answer cannot be copied.
    if (response.status === 101) return response;
    const secure = cookieIsSecure(request.url);
    // A session begins, is renewed or ends: the bookmark goes (docs/product.md#privacy: it lives with the session), and
    // the next request starts from the primary.
    if (changesSession(response)) return sent ? withCookie(response, clearCookie(BOOKMARK_COOKIE, secure)) : response;
    if (!hasSessionCookie(request)) return response;
    const bookmark = writesAfterAnswer.has(sessionEnv) ? FROM_PRIMARY : session.getBookmark();
    if (!bookmark || bookmark === sent) return response;
    return withCookie(response, serializeCookie(BOOKMARK_COOKIE, bookmark, { maxAgeSeconds: BOOKMARK_MAX_AGE_SECONDS, secure }));
  };
  return { env: sessionEnv, carryBookmark };
}
