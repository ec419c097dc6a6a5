// The page paints from its HTML first and hydrates after (docs/decisions/0029-lighthouse-and-social-images.md).
// React Router's <Scripts> starts fetching every module the page hydrates with while the document is still being
// laid out: on a slow link those fetches compete with the page's own image, and the first paint waits behind them.
// Every form and link works before hydration (docs/decisions/0012), so nothing is lost by fetching them a moment
// later. As the HTML streams out, this renames the module preloads and the module script so the browser leaves them
// alone, and adds a small script that, once the first contentful paint is on the screen, puts live copies of them
// in the head. Anything it does not recognise passes through unchanged, and the page hydrates as React Router made it.

const PRELOAD = 'rel="modulepreload"';
const MODULE = 'type="module"';
const BODY_END = "</body>";
const HELD_PRELOAD = 'rel="x-parley-modulepreload"';
const HELD_MODULE = 'type="x-parley-module"';

/**
 * Runs in the browser: after the first paint, the held preloads and module scripts become live ones, in order. A few
 * at a time, each batch in its own task: inserting them all at once made one task long enough to block input.
 */
function releaseAfterPaint(nonce: string) {
  const BATCH = 3;
  const live: HTMLElement[] = [];
  const release = () => {
    for (const held of document.querySelectorAll<HTMLLinkElement>('link[rel="x-parley-modulepreload"]')) {
      // A copy with the same attributes (the href as written, not resolved): hydration then adopts it as the link
      // React Router rendered. With a resolved href React found no match and added every preload again.
      const link = held.cloneNode() as HTMLLinkElement;
      link.rel = "modulepreload";
      live.push(link);
    }
    for (const held of document.querySelectorAll('script[type="x-parley-module"]')) {
      const script = document.createElement("script");
      script.type = "module";
      script.nonce = nonce;
      script.textContent = held.textContent;
      live.push(script);
    }
    insertBatch();
  };
  const insertBatch = () => {
    // A hidden tab blocks no one, and runs its timers late: it takes them all at once.
    const size = document.visibilityState === "hidden" ? live.length : BATCH;
    const batch = document.createDocumentFragment();
    for (const element of live.splice(0, size)) batch.appendChild(element);
    document.head.appendChild(batch);
    if (live.length) setTimeout(insertBatch, 0);
  };
  let released = false;
  const releaseOnce = () => {
    if (!released) release();
    released = true;
  };
  // A hidden tab paints nothing until it is shown: it hydrates at once.
  if (document.visibilityState === "hidden") return releaseOnce();
  // The browser reports the first contentful paint once it is on the screen (a frame's own callbacks run earlier).
  if (PerformanceObserver.supportedEntryTypes?.includes("paint")) {
    new PerformanceObserver((entries, observer) => {
      if (entries.getEntriesByName("first-contentful-paint").length === 0) return;
      observer.disconnect();
      releaseOnce();
    }).observe({ type: "paint", buffered: true });
  } else {
    requestAnimationFrame(() => requestAnimationFrame(releaseOnce));
  }
  // A page with nothing contentful to paint still hydrates.
  setTimeout(releaseOnce, 3000);
}

const releaseScript = (nonce: string) => `<script nonce="${nonce}">(${releaseAfterPaint.toString()})(${JSON.stringify(nonce)})</script>`;

/** The length of the longest end of `text` that could begin one of `patterns`, split across two chunks. */
function partialMatchAtEnd(text: string, patterns: readonly string[]): number {
  const longest = Math.max(...patterns.map((pattern) => pattern.length)) - 1;
  for (let length = Math.min(longest, text.length); length > 0; length--) {
    const end = text.slice(text.length - length);
    if (patterns.some((pattern) => pattern.startsWith(end))) return length;
  }
  return 0;
}

/**
 * The document's HTML stream with its hydration held until after the first paint. React writes attributes and
 * closing tags exactly so, and escapes quotes and "</" inside text and scripts, so these strings match only markup.
 */
export function hydrateAfterPaint(html: ReadableStream<Uint8Array>, nonce: string): ReadableStream<Uint8Array> {
  const replacements: [string, string][] = [
    [PRELOAD, HELD_PRELOAD],
    [MODULE, HELD_MODULE],
    [BODY_END, `${releaseScript(nonce)}${BODY_END}`],
  ];
  const patterns = replacements.map(([pattern]) => pattern);
  const rewrite = (text: string) => replacements.reduce((result, [from, to]) => result.replaceAll(from, to), text);
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  // Only an end of a chunk that could begin a pattern waits for the next chunk; the rest flows on at once.
  let held = "";
  return html.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        const text = held + decoder.decode(chunk, { stream: true });
        const keep = partialMatchAtEnd(text, patterns);
        held = text.slice(text.length - keep);
        const ready = text.slice(0, text.length - keep);
        if (ready) controller.enqueue(encoder.encode(rewrite(ready)));
      },
      flush(controller) {
        const rest = held + decoder.decode();
        if (rest) controller.enqueue(encoder.encode(rewrite(rest)));
      },
    }),
  );
}
