// The public forms without JavaScript: the browser posts the form to its page, whose action stores it like the API.
import { env } from "cloudflare:test";
import { RATE_LIMITS } from "@worker/lib/rate-limit-rules";
import { describe, expect, it } from "vitest";
import { getHtml, postForm } from "../support/requests";
import { postJsonWithProof, postFormWithProof } from "../support/proof";
import { fillWindow } from "../support/rate-limits";

const contact = { intent: "contact", name: "Alan Turing", email: "alan@example.com", category: "sales", message: "We'd like 200 devices." };

async function storedMessages(email: string) {
  const { results } = await env.DB.prepare("SELECT kind, name, message, page FROM form_submissions WHERE email = ?").bind(email).all();
  return results;
}

describe("POST /contact (the contact form, no JavaScript)", () => {
  it("stores the message and renders the page with the success text in place of a toast", async () => {
    const response = await postFormWithProof("/contact", contact, { referer: "http://example.com/contact" });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('role="status"');
    expect(html).toContain("Message Sent!");
    expect(await storedMessages("alan@example.com")).toEqual([{ kind: "contact", name: "Alan Turing", message: contact.message, page: "/contact" }]);
  });

  it("answers invalid input with a 400 page that names the field and keeps what was typed", async () => {
    const response = await postFormWithProof("/contact", { ...contact, email: "not-an-email", message: "Keep me, please." });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('role="alert"');
    expect(html).toContain("Please enter a valid email.");
    expect(html).toContain('value="not-an-email"');
    expect(html).toContain("Keep me, please.");
    expect(await storedMessages("not-an-email")).toEqual([]);
  });

  it("refuses a post from another site, as the API does", async () => {
    const response = await postForm(
      "/contact",
      { ...contact, email: "forged@example.com" },
      { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    );
    expect(response.status).toBe(403);
    expect(await storedMessages("forged@example.com")).toEqual([]);
  });

  it("shares the API's rate limit for one address", async () => {
    const ip = { "cf-connecting-ip": "203.0.113.77" };
    // The API's submissions from this address, all but one of the bound.
    await fillWindow(RATE_LIMITS.forms, ip["cf-connecting-ip"], RATE_LIMITS.forms.limit - 1);
    const statuses: number[] = [];
    for (let i = 0; i < 2; i++) statuses.push((await postFormWithProof("/contact", { ...contact, email: `limit${i}@example.com` }, ip)).status);
    expect(statuses).toEqual([200, 429]);
  });
});

describe("the contact page's Live Chat without JavaScript", () => {
  const chat = { intent: "live-chat", name: "", email: "katherine@example.com", message: "Do you ship to Canada?" };

  it("opens in the page when the Start Live Chat button asks for it", async () => {
    const closed = await getHtml("/contact");
    expect(closed.html).not.toContain('id="live-chat"');
    const { response, html } = await getHtml("/contact?chat=open");
    expect(response.status).toBe(200);
    expect(html).toContain('id="live-chat"');
    expect(html).toContain('aria-label="Live Chat"');
    expect(html).toContain('action="/contact#live-chat"');
  });

  it("stores the message and shows Message Sent! in the panel", async () => {
    const response = await postFormWithProof("/contact", chat, { referer: "http://example.com/contact?chat=open" });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('id="live-chat"');
    expect(html).toContain('role="status"');
    expect(html).toContain("Message Sent!");
    expect(await storedMessages("katherine@example.com")).toEqual([{ kind: "live-chat", name: null, message: chat.message, page: "/contact" }]);
  });

  it("answers an invalid email in the panel with what was typed kept", async () => {
    const response = await postFormWithProof("/contact", { ...chat, email: "not-an-email" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('id="live-chat"');
    expect(html).toContain("Please enter a valid email.");
    expect(html).toContain('value="not-an-email"');
    expect(html).toContain(chat.message);
    expect(await storedMessages("not-an-email")).toEqual([]);
  });
});

describe("POST /join (the careers application, no JavaScript)", () => {
  const application = {
    intent: "application",
    name: "Ada Lovelace",
    email: "ada@example.com",
    linkedin: "https://www.linkedin.com/in/ada",
    role: "design",
    message: "I design calm interfaces.",
  };

  it("stores the application and says Application Submitted! in the page", async () => {
    const response = await postFormWithProof("/join", application, { referer: "http://example.com/join" });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('role="status"');
    expect(html).toContain("Application Submitted!");
    expect(await storedMessages("ada@example.com")).toEqual([
      { kind: "application", name: "Ada Lovelace", message: application.message, page: "/join" },
    ]);
  });

  it("names a missing role and keeps what was typed", async () => {
    const response = await postFormWithProof("/join", { ...application, email: "ada2@example.com", role: "" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Please choose a role.");
    expect(html).toContain('value="ada2@example.com"');
    expect(html).toContain('value="https://www.linkedin.com/in/ada"');
    expect(await storedMessages("ada2@example.com")).toEqual([]);
  });

  it("takes only its own page's form", async () => {
    const response = await postFormWithProof("/join", { ...contact, email: "elsewhere@example.com" });
    expect(response.status).toBe(404);
    expect(await storedMessages("elsewhere@example.com")).toEqual([]);
  });
});

describe("POST /business (the security-docs request, no JavaScript)", () => {
  const request = { intent: "security", name: "Grace Hopper", company: "Harbor Health", email: "grace@example.com", message: "" };

  it("stores the request and says Request Submitted in the page", async () => {
    const response = await postFormWithProof("/business", request);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('role="status"');
    expect(html).toContain("Request Submitted");
    expect(await storedMessages("grace@example.com")).toEqual([{ kind: "security", name: "Grace Hopper", message: null, page: null }]);
  });

  it("answers an invalid email with the API's message and keeps what was typed", async () => {
    const response = await postFormWithProof("/business", { ...request, email: "grace@example" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Please enter a valid email.");
    expect(html).toContain('value="grace@example"');
    expect(html).toContain('value="Harbor Health"');
  });
});

describe("POST /subscribe (every subscription form, no JavaScript)", () => {
  async function subscribers(email: string) {
    const { results } = await env.DB.prepare("SELECT email, page, utm FROM subscriptions WHERE email = ?").bind(email).all();
    return results;
  }
  const signup = { intent: "subscribe", email: " Early.Bird@Example.com ", page: "/", utm: "utm_source=zine" };

  it("subscribes, and the page confirms with a way back to where the form was", async () => {
    const response = await postFormWithProof("/subscribe", signup);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('role="status"');
    expect(html).toContain("Thanks for subscribing!");
    expect(html).toContain('href="/"');
    expect(await subscribers("early.bird@example.com")).toEqual([{ email: "early.bird@example.com", page: "/", utm: "utm_source=zine" }]);
  });

  it("shows the form again with the spec's message and the address kept", async () => {
    const response = await postFormWithProof("/subscribe", { ...signup, email: "nobody@nowhere", page: "/kickstarter" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Please enter a valid email.");
    expect(html).toContain('value="nobody@nowhere"');
    expect(html).toContain('value="/kickstarter"');
    expect(await subscribers("nobody@nowhere")).toEqual([]);
  });

  it("shares the API's rate limit for one address", async () => {
    const ip = { "cf-connecting-ip": "203.0.113.78" };
    await fillWindow(RATE_LIMITS.subscribe, ip["cf-connecting-ip"], RATE_LIMITS.subscribe.limit - 2);
    for (let i = 0; i < 2; i++) expect((await postJsonWithProof("/api/subscriptions", { email: `sub${i}@example.com` }, ip)).status).toBe(200);
    expect((await postFormWithProof("/subscribe", { ...signup, email: "one-too-many@example.com" }, ip)).status).toBe(429);
    expect(await subscribers("one-too-many@example.com")).toEqual([]);
  });
});
