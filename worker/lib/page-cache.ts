// Server-rendered HTML of the static public pages, kept per isolate. These pages hold no per-visitor
// data, so rendering them again for every request only burns CPU. Each response still gets its own
// CSP nonce: pages are rendered with a placeholder nonce that is swapped for the response's nonce.
import { publicPages } from "@core/public-pages";

const MAX_ENTRIES = 64;
/** Short enough that time-dependent text (the footer's year) stays current. */
const TTL_MS = 10 * 60 * 1000;
const STATIC_PATHS = new Set<string>(publicPages);

type Entry = { html: string; headers: [string, string][]; expires: number };
const entries = new Map<string, Entry>();

let placeholder: string | undefined;
/** Random per isolate (created on first use: Workers forbid randomness at start-up), never sent to a browser. */
export function renderNoncePlaceholder() {
  placeholder ??= `nonce${crypto.randomUUID().replaceAll("-", "")}`;
  return placeholder;
}

/** Only anonymous GETs of the static pages: a request with cookies may belong to a signed-in visitor. */
export function isCacheablePageRequest(request: Request) {
  if (request.method !== "GET" || request.headers.has("cookie")) return false;
  return STATIC_PATHS.has(new URL(request.url).pathname);
}

function withNonce(html: string, nonce: string) {
  return html.replaceAll(renderNoncePlaceholder(), nonce);
}

export function cachedPage(url: string, nonce: string, now = Date.now()): Response | undefined {
  const entry = entries.get(url);
  if (!entry) return undefined;
  if (entry.expires <= now) {
    entries.delete(url);
    return undefined;
  }
  return new Response(withNonce(entry.html, nonce), { status: 200, headers: entry.headers });
}

/** Buffers a page rendered with the placeholder nonce, stores it when it is a plain 200, and answers with `nonce`. */
export async function storePage(url: string, rendered: Response, nonce: string, now = Date.now()): Promise<Response> {
  const html = await rendered.text();
  if (rendered.status === 200 && !rendered.headers.has("set-cookie")) {
    if (entries.size >= MAX_ENTRIES) {
      const oldest = entries.keys().next();
      if (!oldest.done) entries.delete(oldest.value);
    }
    entries.set(url, { html, headers: [...rendered.headers], expires: now + TTL_MS });
  }
  return new Response(withNonce(html, nonce), { status: rendered.status, statusText: rendered.statusText, headers: rendered.headers });
}
