// Every door the human check protects (docs/decisions/0018-bot-protection.md): each JSON API route refuses a request
// without a valid proof and accepts one with it; each page form refuses a bad proof (keeping what was typed),
// accepts a good one, and without JavaScript goes through the fallback's tight limit.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMITS } from "@worker/lib/rate-limit-rules";
import { cookieHeader, sendWithCookies, signedInAccount, uniqueEmail } from "../support/auth";
import { insertPost } from "../blog/helpers";
import { solvedProof, withProof } from "../support/proof";
import { getHtml, postForm, postJson } from "../support/requests";
import { clearOfTheWindowEnd, fillWindow } from "../support/rate-limits";

type Door = { path: string; body: (email: string) => Record<string, string>; accepted: number };

const API_DOORS: Record<string, Door> = {
  "sign-up": { path: "/api/auth/signup", body: (email) => ({ email, password: "violet-harbour-lantern-42" }), accepted: 200 },
  "magic link": { path: "/api/auth/magic-link", body: (email) => ({ email }), accepted: 200 },
  "sign-in code": { path: "/api/auth/otp", body: (email) => ({ email }), accepted: 200 },
  "password reset": { path: "/api/auth/recover", body: (email) => ({ email }), accepted: 200 },
  contact: { path: "/api/forms/contact", body: (email) => ({ name: "Alan", email, category: "sales", message: "Hello" }), accepted: 201 },
  careers: {
    path: "/api/forms/application",
    body: (email) => ({ name: "Ada", email, linkedin: "", role: "engineering", message: "I build compilers." }),
    accepted: 201,
  },
  "security docs": { path: "/api/forms/security", body: (email) => ({ name: "Grace", company: "", email, message: "" }), accepted: 201 },
  "live chat": { path: "/api/forms/live-chat", body: (email) => ({ name: "", email, message: "Anyone there?" }), accepted: 201 },
  subscription: { path: "/api/subscriptions", body: (email) => ({ email, page: "/kickstarter" }), accepted: 200 },
};

describe("the JSON API's protected routes", () => {
  for (const [name, door] of Object.entries(API_DOORS)) {
    it(`${name}: refuses without a proof, accepts with one`, async () => {
      const missing = await postJson(door.path, door.body(uniqueEmail("no-proof")));
      expect(missing.status).toBe(400);
      expect(((await missing.json()) as { error: { code: string } }).error.code).toBe("proof_required");
      const forged = await postJson(door.path, { ...door.body(uniqueEmail("bad-proof")), altcha: btoa("{}") });
      expect(forged.status).toBe(403);
      const accepted = await postJson(door.path, await withProof(door.body(uniqueEmail("proof"))));
      expect(accepted.status).toBe(door.accepted);
    });
  }

  it("an account's first comment needs a proof, its later ones do not", async () => {
    const owner = await signedInAccount(uniqueEmail("owner"));
    const { slug } = await insertPost(owner.body.session.user.id);
    const reader = await signedInAccount(uniqueEmail("reader"));
    const path = `/api/blog/posts/${slug}/comments`;
    const without = await sendWithCookies("POST", path, reader.cookies, { content: "First!" });
    expect(without.status).toBe(400);
    expect(((await without.json()) as { error: { code: string } }).error.code).toBe("proof_required");
    expect((await sendWithCookies("POST", path, reader.cookies, await withProof({ content: "First!" }))).status).toBe(201);
    expect((await sendWithCookies("POST", path, reader.cookies, { content: "Second, no check." })).status).toBe(201);
  });
});

type FormDoor = { path: string; fields: (email: string) => Record<string, string>; stored: (email: string) => Promise<boolean> };

const count = async (sql: string, email: string) => (await env.DB.prepare(sql).bind(email).first<{ n: number }>())!.n > 0;
const submitted = (email: string) => count("SELECT count(*) AS n FROM form_submissions WHERE email = ?", email);
const subscribed = (email: string) => count("SELECT count(*) AS n FROM subscriptions WHERE email = ?", email);
const emailed = (email: string) => count('SELECT count(*) AS n FROM mail_outbox WHERE "to" = ?', email);

const FORM_DOORS: Record<string, FormDoor> = {
  "sign-up": { path: "/auth", fields: (email) => ({ intent: "sign_up", email, password: "violet-harbour-lantern-42" }), stored: emailed },
  "magic link": { path: "/auth", fields: (email) => ({ intent: "magic_link", email }), stored: emailed },
  "sign-in code": { path: "/auth", fields: (email) => ({ intent: "send_code", email }), stored: emailed },
  "password reset": { path: "/auth", fields: (email) => ({ intent: "forgotten_password", email }), stored: async () => true },
  contact: {
    path: "/contact",
    fields: (email) => ({ intent: "contact", name: "Alan", email, category: "sales", message: "Hello" }),
    stored: submitted,
  },
  "live chat": { path: "/contact", fields: (email) => ({ intent: "live-chat", name: "", email, message: "Anyone there?" }), stored: submitted },
  careers: {
    path: "/join",
    fields: (email) => ({ intent: "application", name: "Ada", email, linkedin: "", role: "engineering", message: "I build compilers." }),
    stored: submitted,
  },
  "security docs": {
    path: "/business",
    fields: (email) => ({ intent: "security", name: "Grace", company: "", email, message: "" }),
    stored: submitted,
  },
  "subscription and waitlist": { path: "/subscribe", fields: (email) => ({ intent: "subscribe", email, page: "/kickstarter" }), stored: subscribed },
};

describe("the page forms' actions", () => {
  // The first server render transforms the whole app: not part of any one door's time.
  beforeAll(() => getHtml("/auth"), 60_000);

  for (const [name, door] of Object.entries(FORM_DOORS)) {
    it(`${name}: refuses a bad proof keeping what was typed, accepts a good one`, async () => {
      const refusedEmail = uniqueEmail("refused");
      const refused = await postForm(door.path, { ...door.fields(refusedEmail), altcha: btoa("{}") });
      expect(refused.status).toBe(403);
      const html = await refused.text();
      expect(html).toContain("The human check could not be confirmed.");
      expect(html).toContain(refusedEmail);
      expect(await door.stored(refusedEmail)).toBe(name === "password reset");
      const acceptedEmail = uniqueEmail("accepted");
      const accepted = await postForm(door.path, await withProof(door.fields(acceptedEmail)));
      expect(accepted.status).toBe(200);
      expect(await door.stored(acceptedEmail)).toBe(true);
    });
  }

  it("without JavaScript (no proof), a form goes through a few times an hour per address, then says why not", async () => {
    const email = uniqueEmail("no-script");
    await clearOfTheWindowEnd(RATE_LIMITS.proofFallbackEmail, 30);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await postForm("/contact", FORM_DOORS.contact!.fields(email))).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await postForm("/contact", FORM_DOORS.contact!.fields(email));
    expect(refused.status).toBe(429);
    const html = await refused.text();
    expect(html).toContain("Without JavaScript this form can be sent only a few times an hour");
    // Another address is not held up by this one, and a proof still goes through for this one.
    expect((await postForm("/contact", FORM_DOORS.contact!.fields(uniqueEmail("no-script-other")))).status).toBe(200);
    expect((await postForm("/contact", await withProof(FORM_DOORS.contact!.fields(email)))).status).toBe(200);
  });

  it("the fallback's address bound holds across email addresses", async () => {
    const ip = { "cf-connecting-ip": "203.0.113.201" };
    // Posts without a proof from this address, each for another email, all but one of the bound.
    await fillWindow(RATE_LIMITS.proofFallbackIp, ip["cf-connecting-ip"], RATE_LIMITS.proofFallbackIp.limit - 1);
    const statuses: number[] = [];
    for (let i = 0; i < 2; i++) statuses.push((await postForm("/subscribe", { intent: "subscribe", email: uniqueEmail(`nat${i}`) }, ip)).status);
    expect(statuses).toEqual([200, 429]);
  });

  it("an account's first comment: a bad proof is refused, no proof takes the account's fallback, later comments need none", async () => {
    const owner = await signedInAccount(uniqueEmail("owner"));
    const { slug } = await insertPost(owner.body.session.user.id);
    const reader = await signedInAccount(uniqueEmail("reader"));
    const post = (fields: Record<string, string>) =>
      postForm(`/blog/${slug}`, { intent: "comment", ...fields }, { cookie: cookieHeader(reader.cookies) });
    const refused = await post({ content: "Keep this comment", altcha: btoa("{}") });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Keep this comment");
    expect((await post({ content: "First, with a proof", altcha: await solvedProof() })).status).toBe(200);
    const other = await signedInAccount(uniqueEmail("reader-no-script"));
    const postOther = (content: string) => postForm(`/blog/${slug}`, { intent: "comment", content }, { cookie: cookieHeader(other.cookies) });
    expect((await postOther("First, without JavaScript")).status).toBe(200);
    // Its first comment is in: the rest go without a check (only the comment limit counts).
    for (let i = 0; i < 4; i++) expect((await postOther(`More ${i}`)).status).toBe(200);
  });
});
