// POST /api/forms/{kind}: the security, application, contact and live-chat forms are validated and stored.
import { env, SELF } from "cloudflare:test";
import { RATE_LIMITS } from "@worker/lib/rate-limit-rules";
import { describe, expect, it } from "vitest";
import { newClientIp, ORIGIN, postJson } from "../support/requests";
import { postJsonWithProof } from "../support/proof";
import { fillWindow } from "../support/rate-limits";

type Kind = "security" | "application" | "contact" | "live-chat";

type Row = {
  id: string;
  kind: string;
  name: string | null;
  email: string;
  company: string | null;
  category: string | null;
  link: string | null;
  message: string | null;
  page: string | null;
  created_at: number;
};

const NAME = "Please enter your name.";
const EMAIL = "Please enter a valid email.";
const MESSAGE = "Please write a message.";
const ROLE = "Please choose a role.";
const TOPIC = "Please choose a topic.";
const URL_MESSAGE = "Please enter a link that starts with http:// or https://.";

const valid: Record<Kind, Record<string, string>> = {
  security: { name: "Grace Hopper", company: "Harbor Health", email: "grace@example.com", message: "Please send the security pack." },
  application: {
    name: "Ada Lovelace",
    email: "ada@example.com",
    linkedin: "https://www.linkedin.com/in/ada",
    role: "engineering",
    message: "I build compilers.",
  },
  contact: { name: "Alan Turing", email: "alan@example.com", category: "sales", message: "We'd like 200 devices." },
  "live-chat": { name: "Katherine Johnson", email: "katherine@example.com", message: "Is anyone there?" },
};

function without(body: Record<string, string>, field: string) {
  const { [field]: _removed, ...rest } = body;
  return rest;
}

async function row(id: string) {
  return env.DB.prepare("SELECT * FROM form_submissions WHERE id = ?").bind(id).first<Row>();
}

async function count(kind?: string) {
  const query = kind
    ? env.DB.prepare("SELECT count(*) AS n FROM form_submissions WHERE kind = ?").bind(kind)
    : env.DB.prepare("SELECT count(*) AS n FROM form_submissions");
  return (await query.first<{ n: number }>())?.n ?? 0;
}

async function submit(kind: string, body: unknown, headers: Record<string, string> = {}) {
  // A body that is not JSON has no field to carry a proof in.
  if (typeof body === "string") return postJson(`/api/forms/${kind}`, body, headers);
  return postJsonWithProof(`/api/forms/${kind}`, body as object, headers);
}

async function storedRow(response: Response) {
  expect(response.status).toBe(201);
  const body = (await response.json()) as { ok: boolean; id: string };
  expect(body.ok).toBe(true);
  const stored = await row(body.id);
  expect(stored).not.toBeNull();
  return stored as Row;
}

describe("POST /api/forms/{kind} stores a valid submission", () => {
  it("security: name, company, email and message, with the page it was sent from", async () => {
    const stored = await storedRow(await submit("security", { ...valid.security, email: "  Grace@Example.COM " }, { referer: `${ORIGIN}/business` }));
    expect(stored).toMatchObject({
      kind: "security",
      name: "Grace Hopper",
      company: "Harbor Health",
      email: "grace@example.com",
      message: "Please send the security pack.",
      category: null,
      link: null,
      page: "/business",
    });
    expect(stored.created_at).toBeGreaterThan(Date.now() - 60_000);
  });

  it("application: role category and LinkedIn link", async () => {
    const stored = await storedRow(await submit("application", valid.application, { referer: `${ORIGIN}/join` }));
    expect(stored).toMatchObject({
      kind: "application",
      name: "Ada Lovelace",
      email: "ada@example.com",
      category: "engineering",
      link: "https://www.linkedin.com/in/ada",
      message: "I build compilers.",
      page: "/join",
    });
  });

  it("contact: topic and message, trimmed", async () => {
    const stored = await storedRow(await submit("contact", { ...valid.contact, name: "  Alan Turing ", message: " We'd like 200 devices.  " }));
    expect(stored).toMatchObject({
      kind: "contact",
      name: "Alan Turing",
      email: "alan@example.com",
      category: "sales",
      message: "We'd like 200 devices.",
      page: null,
    });
  });

  it("live-chat: name, email and message", async () => {
    const stored = await storedRow(await submit("live-chat", valid["live-chat"], { referer: `${ORIGIN}/contact` }));
    expect(stored).toMatchObject({
      kind: "live-chat",
      name: "Katherine Johnson",
      email: "katherine@example.com",
      message: "Is anyone there?",
      page: "/contact",
    });
  });
});

describe("optional fields may be omitted", () => {
  it("security without company and message", async () => {
    const stored = await storedRow(await submit("security", { name: "Grace Hopper", email: "grace2@example.com" }));
    expect(stored).toMatchObject({ company: null, message: null });
  });

  it("security with blank company and message stores them as empty (null)", async () => {
    const stored = await storedRow(await submit("security", { name: "Grace Hopper", company: "  ", email: "grace3@example.com", message: "" }));
    expect(stored).toMatchObject({ company: null, message: null });
  });

  it("application without a LinkedIn link, or with an empty one", async () => {
    expect(await storedRow(await submit("application", without(valid.application, "linkedin")))).toMatchObject({ link: null });
    expect(await storedRow(await submit("application", { ...valid.application, linkedin: "" }))).toMatchObject({ link: null });
  });

  it("application accepts a portfolio link that is not LinkedIn", async () => {
    expect(await storedRow(await submit("application", { ...valid.application, linkedin: "http://ada.dev/portfolio" }))).toMatchObject({
      link: "http://ada.dev/portfolio",
    });
  });

  it("contact without a topic files it as general", async () => {
    expect(await storedRow(await submit("contact", without(valid.contact, "category")))).toMatchObject({ category: "general" });
  });

  it("live-chat without a name", async () => {
    expect(await storedRow(await submit("live-chat", without(valid["live-chat"], "name")))).toMatchObject({ name: null });
  });
});

const invalidCases: [Kind, string, Record<string, unknown>, string][] = [
  ["security", "missing name", without(valid.security, "name"), NAME],
  ["security", "blank name", { ...valid.security, name: "   " }, NAME],
  ["security", "missing email", without(valid.security, "email"), EMAIL],
  ["security", "invalid email", { ...valid.security, email: "grace@example" }, EMAIL],
  ["application", "missing name", without(valid.application, "name"), NAME],
  ["application", "missing email", without(valid.application, "email"), EMAIL],
  ["application", "invalid email", { ...valid.application, email: "ada at example.com" }, EMAIL],
  ["application", "missing role", without(valid.application, "role"), ROLE],
  ["application", "empty role", { ...valid.application, role: "" }, ROLE],
  ["application", "unknown role", { ...valid.application, role: "sales" }, ROLE],
  ["application", "missing message", without(valid.application, "message"), MESSAGE],
  ["application", "blank message", { ...valid.application, message: " \n " }, MESSAGE],
  ["contact", "missing name", without(valid.contact, "name"), NAME],
  ["contact", "missing email", without(valid.contact, "email"), EMAIL],
  ["contact", "invalid email", { ...valid.contact, email: "alan@@example.com" }, EMAIL],
  ["contact", "unknown topic", { ...valid.contact, category: "spam" }, TOPIC],
  ["contact", "missing message", without(valid.contact, "message"), MESSAGE],
  ["live-chat", "missing email", without(valid["live-chat"], "email"), EMAIL],
  ["live-chat", "invalid email", { ...valid["live-chat"], email: "not-an-email" }, EMAIL],
  ["live-chat", "missing message", without(valid["live-chat"], "message"), MESSAGE],
];

const fieldOf: Record<string, string> = { [NAME]: "name", [EMAIL]: "email", [MESSAGE]: "message", [ROLE]: "role", [TOPIC]: "category" };

describe("a missing or invalid required field gives 400 with a clear per-field message", () => {
  it.each(invalidCases)("%s: %s", async (kind, _case, body, message) => {
    const before = await count(kind);
    const response = await submit(kind, body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { code: "invalid_input", message, fields: { [fieldOf[message] as string]: message } } });
    expect(await count(kind)).toBe(before);
  });

  it("reports every invalid field at once", async () => {
    const response = await submit("application", { linkedin: "nope" });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { fields: Record<string, string> } };
    expect(body.error.fields).toEqual({ name: NAME, email: EMAIL, linkedin: URL_MESSAGE, role: ROLE, message: MESSAGE });
  });

  it("rejects overly long text", async () => {
    const response = await submit("contact", { ...valid.contact, name: "x".repeat(121) });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      name: "Your name can be at most 120 characters.",
    });
  });
});

describe("the LinkedIn/portfolio link", () => {
  it.each(["linkedin.com/in/ada", "www.linkedin.com/in/ada", "javascript:alert(1)", "ftp://example.com/cv.pdf", "https://exa mple.com"])(
    "rejects %s",
    async (linkedin) => {
      const before = await count("application");
      const response = await submit("application", { ...valid.application, linkedin });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: { code: "invalid_input", message: URL_MESSAGE, fields: { linkedin: URL_MESSAGE } } });
      expect(await count("application")).toBe(before);
    },
  );
});

describe("requests that are refused", () => {
  it("answers an unknown form kind with 404", async () => {
    const response = await submit("newsletter", valid.contact);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: "not_found", message: "There is no such form." } });
  });

  it("refuses a request from another site's page (Origin) with 403 and stores nothing", async () => {
    const before = await count();
    const response = await SELF.fetch(`${ORIGIN}/api/forms/contact`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: "https://evil.example", "cf-connecting-ip": newClientIp() },
      body: JSON.stringify(valid.contact),
    });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("cross_site_request");
    expect(await count()).toBe(before);
  });

  it("refuses a cross-site fetch (Sec-Fetch-Site) with 403", async () => {
    const response = await SELF.fetch(`${ORIGIN}/api/forms/security`, {
      method: "POST",
      headers: { "content-type": "application/json", "sec-fetch-site": "cross-site", "cf-connecting-ip": newClientIp() },
      body: JSON.stringify(valid.security),
    });
    expect(response.status).toBe(403);
  });

  it("rejects a body that is not JSON", async () => {
    const response = await submit("contact", "name=Alan&email=alan@example.com");
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("invalid_json");
  });

  it("rate-limits one client after its coarse bound of submissions, with Retry-After, without affecting others", async () => {
    const client = { "cf-connecting-ip": newClientIp() };
    // All but the last two submissions of the bound are already counted in this window.
    await fillWindow(RATE_LIMITS.forms, client["cf-connecting-ip"], RATE_LIMITS.forms.limit - 2);
    for (let i = 0; i < 2; i++) {
      const response = await submit("contact", { ...valid.contact, message: `Message ${i}` }, client);
      expect(response.status, `submission ${i + 1}`).toBe(201);
    }
    const before = await count("contact");
    const limited = await submit("contact", valid.contact, client);
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(((await limited.json()) as { error: { code: string } }).error.code).toBe("rate_limited");
    expect(await count("contact")).toBe(before);
    // Other kinds from the same client share the bucket; another client is unaffected.
    expect((await submit("live-chat", valid["live-chat"], client)).status).toBe(429);
    expect((await submit("contact", valid.contact)).status).toBe(201);
  });
});
