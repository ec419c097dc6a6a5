// The Studio is owner-only on the server (docs/product.md#studio): every page answers a visitor and a signed-in
// non-owner with the 403 screen, whatever the browser shows; every Studio endpoint and room action refuses them too.
import { beforeAll, describe, expect, it } from "vitest";
import { studioSections } from "~/components/studio/sections";
import { confirmedAccount, cookieHeader, getWithCookies, ownerAccount, sendWithCookies } from "../support/auth";
import { postForm } from "../support/requests";
import { submitContact } from "./helpers";

type Account = Awaited<ReturnType<typeof confirmedAccount>>;
let owner: Account;
let reader: Account;

beforeAll(async () => {
  owner = await ownerAccount();
  reader = await confirmedAccount();
});

let threadId: string;
beforeAll(async () => {
  threadId = await submitContact({ name: "Access", email: "access@example.com", message: "A message only owners may read." });
});

/** Every Studio API endpoint of the inbox (docs/product.md#studio), with a body it would accept from the owner. */
const inboxEndpoints = (): [string, string, unknown?][] => [
  ["GET", "/api/studio/inbox"],
  ["POST", "/api/studio/inbox/search", { q: "message" }],
  ["GET", "/api/studio/inbox/unread"],
  ["GET", "/api/studio/inbox/settings"],
  ["PUT", "/api/studio/inbox/settings", { language: "en", retentionDays: 365 }],
  ["GET", "/api/studio/inbox/presence"],
  ["GET", `/api/studio/inbox/${threadId}`],
  ["POST", `/api/studio/inbox/${threadId}/status`, { status: "closed" }],
  ["POST", `/api/studio/inbox/${threadId}/notes`, { notes: "x" }],
  ["POST", `/api/studio/inbox/${threadId}/reply/preview`, { text: "Hi", translate: false }],
  ["POST", `/api/studio/inbox/${threadId}/reply`, { text: "Hi", translate: false }],
  ["POST", `/api/studio/inbox/${threadId}/drafts/none/send`],
];

const studioPages = ["/studio", ...studioSections.map((section) => section.to), "/studio/newsletters/no-such-id"];

/** Every Studio API endpoint of the audience rooms (worker/api/studio/), with a body where one is needed. */
const studioEndpoints: Array<[method: string, path: string, body?: unknown]> = [
  ["GET", "/api/studio/subscribers"],
  ["GET", "/api/studio/subscribers/export.csv"],
  ["DELETE", "/api/studio/subscribers/x"],
  ["GET", "/api/studio/newsletters"],
  ["POST", "/api/studio/newsletters", { subject: "s", body: "b" }],
  ["GET", "/api/studio/newsletters/x"],
  ["PUT", "/api/studio/newsletters/x", { subject: "s", body: "b" }],
  ["DELETE", "/api/studio/newsletters/x"],
  ["POST", "/api/studio/newsletters/x/test"],
  ["POST", "/api/studio/newsletters/x/send"],
  ["POST", "/api/studio/newsletters/x/batch"],
  ["GET", "/api/studio/posts"],
  ["POST", "/api/studio/posts/schedule", { id: "x", publishAt: "2099-01-01T00:00" }],
  ["GET", "/api/studio/comments"],
  ["POST", "/api/studio/comments/visibility", { id: "x", visibility: "hide" }],
  ["DELETE", "/api/studio/comments/x"],
  ["GET", "/api/studio/people"],
  ["POST", "/api/studio/people/owner", { id: "x", owner: "grant" }],
  ["DELETE", "/api/studio/people/x"],
];

describe("Studio access", () => {
  for (const path of studioPages) {
    it(`answers a visitor and a non-owner with the 403 screen on ${path}`, async () => {
      for (const cookies of [{}, reader.cookies]) {
        const refused = await getWithCookies(path, cookies);
        expect(refused.status, path).toBe(403);
        const html = await refused.text();
        expect(html, path).toContain("Only the site&#x27;s owners can open the Studio.");
      }
      // The first page this file renders compiles the app in workerd: slow on a busy machine.
    }, 120_000);
  }

  for (const path of studioPages.filter((page) => !page.includes("no-such-id"))) {
    it(`lets the owner in to ${path}`, async () => {
      const response = await getWithCookies(path, owner.cookies, { "cf-connecting-ip": "198.51.200.1" });
      expect(response.status, path).toBeLessThan(400);
    });
  }

  it("refuses every Studio endpoint to a visitor (401) and a non-owner (403)", async () => {
    for (const [method, path, body] of studioEndpoints) {
      expect((await sendWithCookies(method, path, {}, body)).status, `${method} ${path}`).toBe(401);
      const refused = await sendWithCookies(method, path, reader.cookies, body);
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("forbidden");
    }
    // The first render transforms the whole app on demand.
  }, 90_000);

  it("refuses every room's form action to a visitor and a non-owner", async () => {
    for (const path of studioSections.map((section) => section.to)) {
      for (const cookies of [{}, reader.cookies]) {
        const refused = await postForm(path, { intent: "delete", id: "x" }, { cookie: cookieHeader(cookies) });
        expect(refused.status, path).toBe(403);
      }
    }
  });

  it("answers a visitor and a non-owner with the 403 screen on a thread's page", async () => {
    for (const cookies of [{}, reader.cookies]) {
      expect((await getWithCookies(`/studio/inbox/${threadId}`, cookies)).status).toBe(403);
    }
    expect((await getWithCookies(`/studio/inbox/${threadId}`, owner.cookies)).status).toBe(200);
  });

  it("answers a visitor 401 and a non-owner 403 on every inbox endpoint, and sends or changes nothing", async () => {
    for (const [method, path, body] of inboxEndpoints()) {
      const visitor = await sendWithCookies(method, path, {}, body);
      expect(visitor.status, `${method} ${path}`).toBe(401);
      const refused = await sendWithCookies(method, path, reader.cookies, body);
      expect(refused.status, `${method} ${path}`).toBe(403);
    }
    const thread = await getWithCookies(`/api/studio/inbox/${threadId}`, owner.cookies);
    expect(((await thread.json()) as { thread: { status: string; notes: string } }).thread).toMatchObject({ status: "open", notes: "" });
  });

  it("refuses the pages' forms to a visitor and a non-owner", async () => {
    for (const cookies of [{}, reader.cookies]) {
      const cookie = Object.entries(cookies)
        .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
        .join("; ");
      const status = await postForm(`/studio/inbox/${threadId}`, { intent: "thread-status", status: "closed" }, { cookie });
      expect(status.status).toBe(403);
      const search = await postForm("/studio/inbox", { intent: "inbox-search", q: "message" }, { cookie });
      expect(search.status).toBe(403);
    }
  });
});
