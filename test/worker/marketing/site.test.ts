import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { publicPages } from "@core/public-pages";
import { getHtml, ORIGIN } from "../support/requests";

describe("public pages", () => {
  it.each(publicPages)("%s renders with a title, description, canonical link, header and footer", async (path) => {
    const { response, html } = await getHtml(path);
    expect(response.status).toBe(200);
    expect(html).toMatch(/<title>[^<]+Parley|<title>Parley<\/title>/);
    expect(html).toMatch(/<meta name="description" content="[^"]{20,}"/);
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}${path}"/>`);
    expect(html).toContain("Login / Create account");
    expect(html).toContain(`© ${new Date().getFullYear()}`);
    expect(html).toContain('href="/privacy"');
  });

  it("the landing page has the hero links, feature cards, badges and the early-access form", async () => {
    const { html } = await getHtml("/");
    expect(html).toMatch(/<a[^>]+href="\/kickstarter"[^>]*>Back on Kickstarter/);
    expect(html).toMatch(/<a[^>]+href="\/ai"[^>]*>.*?Try AI Chat/);
    for (const text of [
      "419",
      "Top 3",
      "Telemetry",
      "OS without trackers",
      "GDPR Ready",
      "HIPAA Ready",
      "Get in early",
      "Early-bird pricing, limited units, and launch updates",
      'placeholder="you@example.com"',
    ]) {
      expect(html).toContain(text);
    }
  });

  it("the Kickstarter page has two waitlist forms, three tiles and the roadmap", async () => {
    const { html } = await getHtml("/kickstarter");
    for (const text of [
      "Offline Translation",
      "HIPAA-ready on-device processing",
      "Multi-Headphone Chat",
      "OCR + Converters",
      "Roadmap",
      "Prototype complete",
      "Manufacturer partnership",
      "Join the waitlist",
      "/images/kickstarter-timeline.svg",
    ]) {
      expect(html).toContain(text);
    }
    expect(html.match(/type="email"/g)).toHaveLength(2);
  });

  it("marks the active header link: Home only on exactly /", async () => {
    const home = (await getHtml("/")).html;
    expect(home).toMatch(/<a aria-current="page"[^>]*href="\/"/);
    const about = (await getHtml("/about")).html;
    expect(about).not.toMatch(/<a aria-current="page"[^>]*href="\/"[^>]*>Home/);
    expect(about).toMatch(/<a aria-current="page"[^>]*href="\/about"/);
  });

  it("answers an unknown path with the 404 screen and status 404", async () => {
    const { response, html } = await getHtml("/no/such/page");
    expect(response.status).toBe(404);
    expect(html).toContain("Page not found");
    expect(html).toMatch(/<a[^>]+href="\/"[^>]*>Go to the home page/);
  });

  it("answers an unknown API path with the JSON error shape", async () => {
    const response = await SELF.fetch(`${ORIGIN}/api/nothing-here`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: "not_found", message: "No such API endpoint." } });
  });

  it("serves robots.txt and a sitemap listing every public page", async () => {
    const robots = await SELF.fetch(`${ORIGIN}/robots.txt`);
    expect(await robots.text()).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    const sitemap = await SELF.fetch(`${ORIGIN}/sitemap.xml`);
    expect(sitemap.headers.get("content-type")).toContain("application/xml");
    const xml = await sitemap.text();
    for (const path of publicPages) expect(xml).toContain(`<loc>${ORIGIN}${path}</loc>`);
    for (const path of ["/blog", "/translate", "/ai"]) expect(xml).toContain(`<loc>${ORIGIN}${path}</loc>`);
  });
});

describe("security headers", () => {
  const expected = {
    "strict-transport-security": /max-age=\d+/,
    "x-content-type-options": /^nosniff$/,
    "referrer-policy": /^strict-origin-when-cross-origin$/,
    "permissions-policy": /camera=\(\).*geolocation=\(\)/,
  };

  it.each(["/", "/business", "/no/such/page", "/robots.txt"])("HTML and text responses carry them (%s)", async (path) => {
    const response = await SELF.fetch(`${ORIGIN}${path}`);
    for (const [name, pattern] of Object.entries(expected)) expect(response.headers.get(name)).toMatch(pattern);
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });

  it("pages get a CSP that allows only our origin, with a per-response nonce on every inline script", async () => {
    const first = await SELF.fetch(`${ORIGIN}/`);
    const csp = first.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toMatch(/https?:\/\//);
    const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    const html = await first.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    const second = await SELF.fetch(`${ORIGIN}/`);
    expect(second.headers.get("content-security-policy")).not.toContain(nonce);
  });

  it("API answers get a CSP that allows nothing", async () => {
    const response = await SELF.fetch(`${ORIGIN}/api/nothing-here`);
    expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("no page references another host for scripts, styles, images or fonts", async () => {
    for (const path of publicPages) {
      const { html } = await getHtml(path);
      const external = html.match(/(?:src|href)="(?:https?:)?\/\/[^"]+"/g) ?? [];
      // Canonical and Open Graph URLs name our own origin; nothing else may be absolute.
      expect(external.filter((attr) => !attr.includes(ORIGIN))).toEqual([]);
    }
  });
});
