// Server rendering of the company pages: /business, /join, /contact and /privacy.
import { describe, expect, it } from "vitest";
import { industries, securitySections } from "~/content/business";
import { careerCategories } from "~/content/careers";
import { privacySections } from "~/content/privacy";
import { site } from "@core/site";
import { getHtml, ORIGIN } from "../support/requests";

/** How React escapes text in the HTML it renders. */
function escapeHtml(text: string) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
}

/** The aria-expanded state of the button whose content contains `label`. */
function expandedState(html: string, label: string) {
  const needle = escapeHtml(label);
  const buttons = html.split("<button").slice(1);
  const button = buttons.find((chunk) => chunk.split("</button>")[0]?.includes(needle));
  expect(button, `a button labelled ${label}`).toBeDefined();
  return button?.match(/^[^>]*aria-expanded="(true|false)"/)?.[1];
}

function expectTitleAndCanonical(html: string, title: string, path: string) {
  expect(html).toContain(`<title>${escapeHtml(`${title} – ${site.name}`)}</title>`);
  expect(html).toContain(`<link rel="canonical" href="${ORIGIN}${path}"/>`);
  expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
}

describe("/business", () => {
  it("renders the enterprise and security page", async () => {
    const { response, html } = await getHtml("/business");
    expect(response.status).toBe(200);
    expectTitleAndCanonical(html, "Enterprise & Security", "/business");
    for (const text of [
      "GDPR Ready",
      "HIPAA Ready",
      "SOC 2 Type II",
      "ISO 27001",
      "Q4 2025",
      "AES-256 at rest",
      "TLS 1.3",
      "99.9% uptime SLA",
      "HIPAA mode",
      "Research mode",
      "Request Security Docs PDF",
      "/images/business-shield.svg",
    ]) {
      expect(html).toContain(escapeHtml(text));
    }
  });

  it("opens Security Overview by default and keeps the other security sections closed", async () => {
    const { html } = await getHtml("/business");
    expect(securitySections.map((section) => section.title)).toEqual([
      "Security Overview",
      "Data Handling & Encryption",
      "Compliance Roadmap",
      "Architecture Summary",
      "Deployment Options",
    ]);
    expect(expandedState(html, "Security Overview")).toBe("true");
    for (const title of ["Data Handling & Encryption", "Compliance Roadmap", "Architecture Summary", "Deployment Options"]) {
      expect(expandedState(html, title)).toBe("false");
    }
  });

  it("lists collapsed industry cards with the product's feature tables", async () => {
    const { html } = await getHtml("/business");
    for (const title of ["Hospitals & Doctors", "Law Firms & Courts", "Schools", "Enterprises"]) {
      expect(industries.map((industry) => industry.title)).toContain(title);
      expect(expandedState(html, title)).toBe("false");
    }
    expect(html).toContain(escapeHtml("Provider & staff roles"));
    expect(html).toContain(escapeHtml("Attorney & staff roles"));
    expect(html.match(/>Approval queues</g)?.length).toBeGreaterThanOrEqual(2);
    for (const feature of [
      "Student privacy",
      "Classroom mode",
      "Live translation & captions",
      "School chat",
      "Accessibility",
      "Admin dashboards",
      "Enterprise chat",
      "Data boundaries & DLP",
      "MDM posture checks",
      "Private tenant / VPC",
      "On-prem / air-gapped",
      "SLA 99.9%+ uptime target",
      "Custom server hosting",
      "Legal holds & retention",
    ]) {
      expect(html).toContain(`>${escapeHtml(feature)}</th>`);
    }
  });

  it("has the documentation request form with the schema's field names", async () => {
    const { html } = await getHtml("/business");
    for (const name of ["name", "company", "email", "message"]) expect(html).toContain(`name="${name}"`);
    expect(html).toMatch(/<input[^>]*type="email"[^>]*name="email"|<input[^>]*name="email"[^>]*type="email"/);
    expect(html).toMatch(/<form[^>]*novalidate/i);
  });
});

describe("/join", () => {
  it("renders the careers page with four categories, roles, skills and the application form", async () => {
    const { response, html } = await getHtml("/join");
    expect(response.status).toBe(200);
    expectTitleAndCanonical(html, "Careers", "/join");
    expect(html).toContain("Join Our Team");
    expect(careerCategories.map((category) => category.title)).toEqual(["Engineering", "Design", "Partnerships", "Marketing"]);
    for (const category of careerCategories) {
      expect(html).toContain(`>${category.title}</h3>`);
      for (const role of category.roles) expect(html).toContain(escapeHtml(role.title));
      for (const skill of category.skills) expect(html).toContain(escapeHtml(skill));
    }
    for (const text of ["Full name", "LinkedIn or portfolio URL", "Tell us about yourself", "Upload Resume", "Submit Application"]) {
      expect(html).toContain(text);
    }
    for (const value of ["engineering", "design", "partnerships", "marketing", "other"]) expect(html).toContain(`<option value="${value}">`);
    for (const name of ["name", "email", "linkedin", "role", "message"]) expect(html).toContain(`name="${name}"`);
  });

  it("shows the résumé upload as an inert, disabled button with a note", async () => {
    const { html } = await getHtml("/join");
    expect(html).toMatch(/<button type="button"[^>]*disabled=""[^>]*>(?:(?!<\/button>).)*Upload Resume/s);
    expect(html).toContain("Résumé upload is coming soon");
  });
});

describe("/contact", () => {
  it("renders Get in Touch with email, live chat, phone, the form, headquarters and the FAQ", async () => {
    const { response, html } = await getHtml("/contact");
    expect(response.status).toBe(200);
    expectTitleAndCanonical(html, "Contact", "/contact");
    for (const text of ["Get in Touch", "Live Chat", "Q1 2025", "24 hours", "remote-first", "San Francisco", "London", site.headquarters.label]) {
      expect(html).toContain(text);
    }
    expect(html).toContain(`href="mailto:${site.contact.general}"`);
    expect(html).toContain(`href="${site.contact.phoneHref}"`);
    for (const line of site.headquarters.lines) expect(html).toContain(escapeHtml(line));
    for (const value of ["support", "sales", "partnership", "press", "general"]) expect(html).toContain(`<option value="${value}">`);
    for (const name of ["name", "email", "category", "message"]) expect(html).toContain(`name="${name}"`);
  });

  it("loads no third-party chat widget or other host", async () => {
    const { html } = await getHtml("/contact");
    const foreign = [...html.matchAll(/(?:src|href)="(https?:)?\/\/([^"/]+)/g)]
      .map((match) => match[2])
      .filter((host) => host !== new URL(ORIGIN).host);
    expect(foreign).toEqual([]);
  });
});

describe("/privacy", () => {
  it("renders the policy with its date, six sections, contact and placeholder statement", async () => {
    const { response, html } = await getHtml("/privacy");
    expect(response.status).toBe(200);
    expectTitleAndCanonical(html, "Privacy Policy", "/privacy");
    expect(html).toContain("Last updated December 1, 2024");
    const titles = ["Data We Collect", "How We Use Data", "Cookies & Tracking", "Third Parties", "Data Retention", "Your Rights"];
    expect(privacySections.map((section) => section.title)).toEqual(titles);
    for (const title of titles) expect(html).toMatch(new RegExp(`<h2[^>]*>${escapeHtml(title)}</h2>`));
    expect(html).toContain(`href="mailto:${site.contact.privacy}"`);
    expect(html).toContain("This page is a placeholder for demonstration purposes and is not a real legal policy.");
    for (const text of [
      "Zero-knowledge",
      "Minimal collection",
      "strictly necessary cookies",
      "No third parties receive your data",
      "1 to 365 days",
      "We collect no usage analytics",
      "Until you delete your account",
    ]) {
      expect(html).toContain(text);
    }
  });
});
