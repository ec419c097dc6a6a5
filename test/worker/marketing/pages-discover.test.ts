// Server rendering of the discovery pages: /about, /timeline, /parley-ai and /parley-apps.
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";

const ORIGIN = "http://example.com";

async function render(path: string) {
  const response = await SELF.fetch(`${ORIGIN}${path}`);
  return { response, html: await response.text() };
}

/** React escapes & in text; compare against the markup form of a text. */
const escapeHtml = (text: string) => text.replaceAll("&", "&amp;");

function count(html: string, pattern: RegExp) {
  return html.match(new RegExp(pattern.source, "g"))?.length ?? 0;
}

function expectPageBasics(html: string, title: string, canonicalPath: string) {
  expect(html).toContain(`<title>${title}</title>`);
  expect(html).toContain(`<link rel="canonical" href="${ORIGIN}${canonicalPath}"/>`);
  expect(html).toMatch(/<meta name="description" content="[^"]{40,}"/);
  expect(count(html, /<h1[\s>]/)).toBe(1);
  // Nothing loads from another host.
  expect(html).not.toMatch(/\ssrc="(https?:)?\/\//);
  for (const [, url] of html.matchAll(/\shref="((?:https?:)?\/\/[^"]*)"/g)) expect(url!.startsWith(`${ORIGIN}/`)).toBe(true);
}

describe("/about", () => {
  it("shows the mission, three values, the founder, the story and a link to open positions", async () => {
    const { response, html } = await render("/about");
    expect(response.status).toBe(200);
    expectPageBasics(html, "About us – Parley", "/about");
    for (const text of [
      "Our mission",
      "Global Connection",
      "Privacy First",
      "Innovation",
      "Our story",
      "Founder &amp; CEO",
      "The people behind Parley",
    ]) {
      expect(html).toContain(text);
    }
    expect(html).toMatch(/<img[^>]+src="\/images\/about-founder.svg"[^>]+alt="Illustrated portrait of [^"]+"/);
    expect(html).toMatch(/<a[^>]+href="\/join"[^>]*>View Open Positions/);
  });
});

const milestoneTitles = {
  "Core AI Engine": "product",
  "Security Framework": "security",
  "Enterprise Features": "security",
  "Beta Test Applications": "apps",
  "Hardware Development": "devices",
  "AI Enhancement": "product",
  "Kickstarter campaign": "devices",
  "Device Launch": "devices",
} as const;

/** The overview figure for a status, as rendered. */
function overviewCount(html: string, status: "completed" | "in-progress" | "planned") {
  const match = html.match(new RegExp(`<dd data-status="${status}"[^>]*>(\\d+)</dd>`));
  expect(match, `overview count for ${status}`).not.toBeNull();
  return Number(match![1]);
}

/** Status badges in the milestone list, by label. */
function badgeCount(html: string, label: string) {
  return count(html, new RegExp(`<span data-status="[a-z-]+"[^>]*>${label}</span>`));
}

describe("/timeline", () => {
  it("lists all eight milestones with their quarters, statuses and derived counts", async () => {
    const { response, html } = await render("/timeline");
    expect(response.status).toBe(200);
    expectPageBasics(html, "Roadmap – Parley", "/timeline");
    for (const title of Object.keys(milestoneTitles)) expect(html).toContain(`>${title}</h3>`);
    for (const quarter of ["Q3 2025", "Q4 2025", "Q1 2026"]) expect(html).toContain(quarter);
    expect(badgeCount(html, "Done")).toBe(3);
    expect(badgeCount(html, "In Progress")).toBe(2);
    expect(badgeCount(html, "Planned")).toBe(3);
    expect(overviewCount(html, "completed")).toBe(3);
    expect(overviewCount(html, "in-progress")).toBe(2);
    expect(overviewCount(html, "planned")).toBe(3);
    expect(html).toContain("3 of 8 milestones done");
  });

  it("has the five filter chips as toggle buttons, All pressed by default", async () => {
    const { html } = await render("/timeline");
    for (const label of ["All", "Product", "Devices", "Security", "Apps"]) {
      expect(html).toMatch(new RegExp(`<button[^>]+aria-pressed="${label === "All"}"[^>]*>${label}</button>`));
    }
  });

  it("server-renders ?category=devices with only device milestones and counts derived from them", async () => {
    const { response, html } = await render("/timeline?category=devices");
    expect(response.status).toBe(200);
    // One canonical URL for every filter.
    expectPageBasics(html, "Roadmap – Parley", "/timeline");
    expect(html).toMatch(/<button[^>]+aria-pressed="true"[^>]*>Devices<\/button>/);
    expect(html).toMatch(/<button[^>]+aria-pressed="false"[^>]*>All<\/button>/);
    for (const [title, category] of Object.entries(milestoneTitles)) {
      if (category === "devices") expect(html).toContain(`>${title}</h3>`);
      else expect(html).not.toContain(`>${title}</h3>`);
    }
    expect(overviewCount(html, "completed")).toBe(0);
    expect(overviewCount(html, "in-progress")).toBe(1);
    expect(overviewCount(html, "planned")).toBe(2);
    expect(html).toContain("Showing 3 milestones in Devices");
    expect(html).toContain("0 of 3 milestones done");
  });

  it.each(["product", "devices", "security", "apps"])(
    "?category=%s shows at least one milestone and counts that match its badges",
    async (category) => {
      const { html } = await render(`/timeline?category=${category}`);
      const expected = Object.values(milestoneTitles).filter((value) => value === category).length;
      expect(expected).toBeGreaterThan(0);
      expect(count(html, /<\/h3>/)).toBe(expected);
      expect(overviewCount(html, "completed")).toBe(badgeCount(html, "Done"));
      expect(overviewCount(html, "in-progress")).toBe(badgeCount(html, "In Progress"));
      expect(overviewCount(html, "planned")).toBe(badgeCount(html, "Planned"));
      expect(overviewCount(html, "completed") + overviewCount(html, "in-progress") + overviewCount(html, "planned")).toBe(expected);
    },
  );

  it("treats an unknown category as All", async () => {
    const { response, html } = await render("/timeline?category=toString");
    expect(response.status).toBe(200);
    expect(html).toMatch(/<button[^>]+aria-pressed="true"[^>]*>All<\/button>/);
    for (const title of Object.keys(milestoneTitles)) expect(html).toContain(`>${title}</h3>`);
  });
});

describe("/parley-ai", () => {
  it("shows the hero, both models with their specs, modes, labelled benchmarks and capabilities", async () => {
    const { response, html } = await render("/parley-ai");
    expect(response.status).toBe(200);
    expectPageBasics(html, "AI models – Parley", "/parley-ai");
    expect(html).toMatch(/<a[^>]+href="\/ai"[^>]*>Get Started/);
    expect(html).toMatch(/>Parley<\/h3>/);
    expect(html).toMatch(/>Parley Pro<\/h3>/);
    for (const text of [
      "106B",
      "12B",
      "355B",
      "32B",
      "128k",
      "Fast mode",
      "Thinking mode",
      "Internal evaluations",
      "Mixture-of-experts",
      "128k context",
      "Hybrid fast and thinking modes",
      "Native tool calling",
    ]) {
      expect(html).toContain(text);
    }
    expect(html).toMatch(/<table[\s\S]*<caption[^>]*>[^<]*internal evaluations[^<]*<\/caption>[\s\S]*<\/table>/);
    expect(count(html, /<th scope="row"/)).toBeGreaterThanOrEqual(4);
  });
});

describe("/parley-apps", () => {
  const appNames = [
    "AI Transcriber",
    "Document Creation & Analysis",
    "AI Lawyer",
    "AI Doctor",
    "AI Pharmacist",
    "AI Tutor",
    "AI Teacher",
    "Chat & Translation Chat (Group)",
    "Group Chat",
    "Internet-Free Chat",
  ];

  it("shows exactly ten apps, each marked Preview soon with a disabled button", async () => {
    const { response, html } = await render("/parley-apps");
    expect(response.status).toBe(200);
    expectPageBasics(html, "Apps – Parley", "/parley-apps");
    for (const name of appNames) expect(html).toContain(`>${escapeHtml(name)}</h3>`);
    expect(count(html, /<article/)).toBe(10);
    expect(count(html, />Preview soon</)).toBe(10);
    expect(count(html, /<button[^>]*disabled=""[^>]*>/)).toBe(10);
    expect(html).toContain("2–10 people");
    expect(html).toContain("about 3 miles");
  });

  it("carries the research-preview disclaimer", async () => {
    const { html } = await render("/parley-apps");
    expect(html).toContain("research previews");
    expect(html).toContain("not medical devices");
    expect(html).toContain("do not provide medical or legal advice");
  });
});
