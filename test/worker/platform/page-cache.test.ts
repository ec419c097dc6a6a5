import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { cachedPage, isCacheablePageRequest, renderNoncePlaceholder, storePage } from "@worker/lib/page-cache";
import { ORIGIN } from "../support/requests";

function nonces(response: Response, html: string) {
  const header = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
  const inBody = new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]));
  return { header, inBody: [...inBody] };
}

describe("static page cache", () => {
  it("serves a cached page with a fresh nonce that matches its CSP header, and never leaks the placeholder", async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const response = await SELF.fetch(`${ORIGIN}/privacy`);
      const html = await response.text();
      const { header, inBody } = nonces(response, html);
      expect(inBody).toEqual([header]);
      expect(html).not.toMatch(/nonce[0-9a-f]{32}/);
      seen.add(header!);
    }
    expect(seen.size).toBe(3);
  });

  it("caches only anonymous GETs of the static public pages", () => {
    expect(isCacheablePageRequest(new Request(`${ORIGIN}/business`))).toBe(true);
    expect(isCacheablePageRequest(new Request(`${ORIGIN}/timeline?category=apps`))).toBe(true);
    expect(isCacheablePageRequest(new Request(`${ORIGIN}/business`, { headers: { cookie: "session=1" } }))).toBe(false);
    expect(isCacheablePageRequest(new Request(`${ORIGIN}/business`, { method: "POST" }))).toBe(false);
    expect(isCacheablePageRequest(new Request(`${ORIGIN}/no-such-page`))).toBe(false);
    expect(isCacheablePageRequest(new Request(`${ORIGIN}/api/subscriptions`))).toBe(false);
  });

  it("expires entries, and does not store errors or responses that set cookies", async () => {
    const placeholder = renderNoncePlaceholder();
    const page = (status = 200, headers: Record<string, string> = {}) =>
      new Response(`<script nonce="${placeholder}"></script>`, { status, headers: { "content-type": "text/html", ...headers } });

    const answered = await storePage(`${ORIGIN}/unit-a`, page(), "n1", 0);
    expect(await answered.text()).toBe('<script nonce="n1"></script>');
    expect(await cachedPage(`${ORIGIN}/unit-a`, "n2", 1000)?.text()).toBe('<script nonce="n2"></script>');
    expect(cachedPage(`${ORIGIN}/unit-a`, "n3", 11 * 60 * 1000)).toBeUndefined();

    await storePage(`${ORIGIN}/unit-b`, page(500), "n1", 0);
    expect(cachedPage(`${ORIGIN}/unit-b`, "n2", 1)).toBeUndefined();
    await storePage(`${ORIGIN}/unit-c`, page(200, { "set-cookie": "a=b" }), "n1", 0);
    expect(cachedPage(`${ORIGIN}/unit-c`, "n2", 1)).toBeUndefined();
  });
});
