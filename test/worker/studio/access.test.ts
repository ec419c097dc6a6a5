// The Studio is owner-only on the server (docs/product.md#studio): every page answers a visitor and a signed-in
// non-owner with the 403 screen, whatever the browser shows.
import { beforeAll, describe, expect, it } from "vitest";
import { studioSections } from "~/components/studio/sections";
import { confirmedAccount, getWithCookies, ownerAccount, sendWithCookies } from "../support/auth";
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

const studioPages = () => ["/studio", ...studioSections.map((section) => section.to), `/studio/inbox/${threadId}`];

/** Every Studio API endpoint of the inbox (docs/product.md#studio), with a body it would accept from the owner. */
const studioEndpoints = (): [string, string, unknown?][] => [
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

describe("Studio access", () => {
  it("answers a visitor and a non-owner with the 403 screen on every page", async () => {
    for (const path of studioPages()) {
      for (const cookies of [{}, reader.cookies]) {
        const refused = await getWithCookies(path, cookies);
        expect(refused.status, path).toBe(403);
        const html = await refused.text();
        expect(html, path).toContain("Only the site&#x27;s owners can open the Studio.");
      }
    }
    // The first render transforms the whole app on demand.
  }, 90_000);

  it("lets the owner in", async () => {
    for (const path of studioPages()) {
      const response = await getWithCookies(path, owner.cookies);
      expect(response.status, path).not.toBe(403);
    }
  });

  it("answers a visitor 401 and a non-owner 403 on every endpoint, and sends or changes nothing", async () => {
    for (const [method, path, body] of studioEndpoints()) {
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
