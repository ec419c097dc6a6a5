import { describe, expect, it } from "vitest";
import { hydrateAfterPaint } from "~/lib/hydrate-after-paint.server";

const NONCE = "bm9uY2U=";
const PAGE = [
  "<!DOCTYPE html><html><head>",
  '<link rel="modulepreload" href="/assets/entry.client.js" nonce="bm9uY2U="/>',
  '<link rel="modulepreload" href="/assets/framework.js" nonce="bm9uY2U="/>',
  "</head><body><main><p>type=&quot;module&quot; stays text</p></main>",
  '<script nonce="bm9uY2U==">window.__reactRouterContext.streamController.enqueue("{\\"type\\":\\"module\\"}");</script>',
  '<script nonce="bm9uY2U=" type="module" async="">import * as route0 from "/assets/root.js";',
  'import("/assets/entry.client.js");</script></body></html>',
].join("");

/** The page streamed in chunks cut at `cuts` (character offsets), read back whole. */
async function rewritten(html: string, cuts: number[]) {
  const encoder = new TextEncoder();
  const bounds = [0, ...cuts, html.length];
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 1; i < bounds.length; i++) controller.enqueue(encoder.encode(html.slice(bounds[i - 1], bounds[i])));
      controller.close();
    },
  });
  return new Response(hydrateAfterPaint(source, NONCE)).text();
}

describe("hydrateAfterPaint", () => {
  it("holds the module preloads and the module script, and adds the script that releases them after the first paint", async () => {
    const html = await rewritten(PAGE, []);
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).not.toContain('type="module"');
    expect(html.match(/rel="x-parley-modulepreload"/g)).toHaveLength(2);
    expect(html).toContain('<script nonce="bm9uY2U=" type="x-parley-module" async="">import * as route0');
    expect(html).toMatch(/<script nonce="bm9uY2U=">\(function[\s\S]*requestAnimationFrame[\s\S]*\)\("bm9uY2U="\)<\/script><\/body><\/html>$/);
    // Text and script data that only look like the markup stay as they were.
    expect(html).toContain("<p>type=&quot;module&quot; stays text</p>");
    expect(html).toContain('enqueue("{\\"type\\":\\"module\\"}")');
  });

  it("gives the same page wherever the stream's chunks happen to be cut", async () => {
    const whole = await rewritten(PAGE, []);
    for (let cut = 1; cut < PAGE.length; cut++) {
      expect(await rewritten(PAGE, [cut])).toBe(whole);
    }
    const everyCharacter = Array.from({ length: PAGE.length - 1 }, (_, i) => i + 1);
    expect(await rewritten(PAGE, everyCharacter)).toBe(whole);
  });

  it("keeps multi-byte characters split across chunks intact", async () => {
    const page = "<html><body><p>Übersetzung 翻訳 🌍</p></body></html>";
    const bytes = new TextEncoder().encode(page);
    const source = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const byte of bytes) controller.enqueue(new Uint8Array([byte]));
        controller.close();
      },
    });
    const html = await new Response(hydrateAfterPaint(source, NONCE)).text();
    expect(html.startsWith("<html><body><p>Übersetzung 翻訳 🌍</p><script")).toBe(true);
  });
});
