// Paths longer or deeper than any route are refused before any routing. React Router's lazy route discovery
// matches every prefix of a page's path while rendering it, and every path a manifest lookup lists, so without
// a bound one request's cost grows with the square of its segment count, and the isolate's other requests wait.
import { ROUTE_MANIFEST_PATH } from "@core/route-discovery";
import { discardBody } from "./body-limit";
import { ApiError } from "./errors";
import { NON_HTML_SECURITY_HEADERS } from "./security-headers";

export const MAX_PATH_CHARS = 2048;
export const MAX_PATH_SEGMENTS = 32;
/** React Router answers longer manifest lookups with a 400 itself; the same bound caps the guard's own work. */
const MAX_MANIFEST_URL_CHARS = 7680;

/**
 * The path of an absolute request URL, or undefined when it is longer than MAX_PATH_CHARS. Reads no further than
 * that many characters of the path, however long the URL is.
 */
export function boundedPath(url: string): string | undefined {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  if (start === -1) return "/";
  const head = url.slice(start, start + MAX_PATH_CHARS + 1);
  const query = head.indexOf("?");
  const path = query === -1 ? head : head.slice(0, query);
  return path.length > MAX_PATH_CHARS ? undefined : path;
}

/** Whether a path has more than MAX_PATH_SEGMENTS segments: counts slashes and stops at the first one too many. */
export function tooDeep(path: string) {
  let slashes = 0;
  for (let at = path.indexOf("/"); at !== -1; at = path.indexOf("/", at + 1)) {
    if (++slashes > MAX_PATH_SEGMENTS) return true;
  }
  return false;
}

/** A manifest lookup asks about each path it lists (comma-separated), and each is bounded as a page's path is. */
function unreasonableLookup(url: string) {
  if (url.length > MAX_MANIFEST_URL_CHARS) return true;
  const paths = new URL(url).searchParams.get("paths") ?? "";
  return paths.split(",").some((path) => path.length > MAX_PATH_CHARS || tooDeep(path));
}

/** Whether a request's path (or the paths its manifest lookup lists) is longer or deeper than any route. */
export function isUnreasonableRequest(url: string) {
  const path = boundedPath(url);
  if (path === undefined || tooDeep(path)) return true;
  return path === ROUTE_MANIFEST_PATH && unreasonableLookup(url);
}

/** The guard's answer, or undefined to go on to routing. Any body is settled as the app's early answers do. */
export async function refuseUnreasonablePath(request: Request): Promise<Response | undefined> {
  if (!isUnreasonableRequest(request.url)) return undefined;
  await discardBody(request);
  return new ApiError(414, "uri_too_long", "That address is too long.", undefined, NON_HTML_SECURITY_HEADERS).toResponse();
}
