// What a first visit to a page downloads in JavaScript and CSS, gzip -9: shared by `npm run bench` and
// `npm run bench:lighthouse` (which prints the landing page's figure beside its scores).
import { gzipSync } from "node:zlib";

const gzipBytes = (buffer) => gzipSync(buffer, { level: 9 }).length;

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** The JS and CSS a first visit loads: stylesheets, module preloads (held until after the first paint: app/lib/hydrate-after-paint.server.ts) and the modules the inline bootstrap imports. */
export async function pageWeight(base, page) {
  const html = await (await fetch(base + page)).text();
  const attr = (tag, name) => new RegExp(`${name}="([^"]+)"`).exec(tag)?.[1];
  const css = new Set((html.match(/<link[^>]+rel="stylesheet"[^>]*>/g) ?? []).map((tag) => attr(tag, "href")));
  const js = new Set((html.match(/<link[^>]+rel="(?:x-parley-)?modulepreload"[^>]*>/g) ?? []).map((tag) => attr(tag, "href")));
  for (const match of html.matchAll(/import[^"']*["'](\/assets\/[^"']+\.js)["']/g)) js.add(match[1]);
  for (const match of html.matchAll(/"module":\s*"(\/assets\/[^"]+\.js)"/g)) js.add(match[1]);
  const total = async (urls) => {
    let sum = 0;
    for (const url of urls) sum += gzipBytes(Buffer.from(await (await fetch(base + url)).arrayBuffer()));
    return sum;
  };
  return { js: await total(js), jsFiles: js.size, css: await total(css), html: gzipBytes(Buffer.from(html)) };
}
