// API keys on the account page (no JavaScript: the page posts itself): created and shown once, stored as a SHA-256
// hash only, listed with their limits, revoked by their owner alone, listed in the export and gone with the account.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { hashApiKey } from "@worker/services/api-keys/keys";
import { cookieHeader, getWithCookies, GOOD_PASSWORD, sendWithCookies, signedInAccount } from "../support/auth";
import { postForm } from "../support/requests";
import { answer, ltJson } from "./support";

type Cookies = Record<string, string>;
const post = (fields: Record<string, string>, cookies: Cookies) => postForm("/account", fields, { cookie: cookieHeader(cookies) });
const KEY = /plt_[A-Za-z0-9_-]{43}/;

async function createKey(cookies: Cookies, fields: Record<string, string> = {}) {
  const response = await post({ intent: "api-key-create", name: "Dialect on my laptop", ...fields }, cookies);
  return { status: response.status, html: await response.text() };
}

describe("API keys on the account page", () => {
  // The first server render transforms the whole app on demand: slow on a busy machine, and not what is tested here.
  beforeAll(async () => {
    await getWithCookies("/account", {});
  }, 180_000);

  it("creates a key, shows it once and keeps only its hash", async () => {
    const { cookies, body } = await signedInAccount();
    const { status, html } = await createKey(cookies, { requestsPerMinute: "30", charsPerDay: "5000" });
    expect(status).toBe(200);
    const key = KEY.exec(html)?.[0];
    expect(key).toBeDefined();
    expect(html).toContain("it is shown only this once");
    const row = await env.DB.prepare("SELECT * FROM api_keys WHERE user_id = ?").bind(body.session.user.id).first<Record<string, unknown>>();
    expect(row).toMatchObject({
      name: "Dialect on my laptop",
      key_hash: await hashApiKey(key!),
      prefix: key!.slice(0, 10),
      requests_per_minute: 30,
      chars_per_day: 5000,
    });
    expect(JSON.stringify(row)).not.toContain(key!.slice(10));
    // Listed afterwards by name and prefix, never the key.
    const page = await (await getWithCookies("/account", cookies)).text();
    expect(page).toContain("Dialect on my laptop");
    expect(page).toContain(key!.slice(0, 10));
    expect(page).not.toContain(key!);
    expect(page.replace(/<!-- -->/g, "")).toContain("30 requests a minute · 5,000 characters a day");
    // And it works on /lt.
    expect((await ltJson("/detect", { q: "Guten Morgen, wie geht es dir?", api_key: key })).status).toBe(200);
  });

  it("refuses a nameless key or limits out of range, keeping what was typed", async () => {
    const { cookies } = await signedInAccount();
    const nameless = await createKey(cookies, { name: " " });
    expect(nameless.status).toBe(400);
    expect(nameless.html).toContain("Give the key a name of 1 to 60 characters.");
    const greedy = await createKey(cookies, { requestsPerMinute: "5000" });
    expect(greedy.status).toBe(400);
    expect(greedy.html).toContain("Requests per minute: a whole number from 1 to 120.");
    expect(greedy.html).toContain('value="Dialect on my laptop"');
    expect(KEY.test(greedy.html)).toBe(false);
  });

  it("revokes the owner's key at once, and not someone else's", async () => {
    const { cookies, body } = await signedInAccount();
    const key = KEY.exec((await createKey(cookies)).html)![0];
    const { id } = (await env.DB.prepare("SELECT id FROM api_keys WHERE user_id = ?").bind(body.session.user.id).first<{ id: string }>())!;
    const other = await signedInAccount();
    expect((await post({ intent: "api-key-revoke", keyId: id }, other.cookies)).status).toBe(404);
    const revoked = await post({ intent: "api-key-revoke", keyId: id }, cookies);
    expect(revoked.status).toBe(200);
    expect(await revoked.text()).toContain("Key revoked");
    expect(await answer(await ltJson("/detect", { q: "Hallo", api_key: key }))).toEqual({ status: 403, body: { error: "Invalid API key" } });
  });

  it("lists the keys in the data export without the keys, and deletes them with the account", async () => {
    const { cookies, body } = await signedInAccount();
    const key = KEY.exec((await createKey(cookies)).html)![0];
    const exported = (await (await sendWithCookies("GET", "/api/account/export", cookies)).json()) as { apiKeys: Record<string, unknown>[] };
    expect(exported.apiKeys).toEqual([expect.objectContaining({ name: "Dialect on my laptop", prefix: key.slice(0, 10), lastUsed: null })]);
    expect(JSON.stringify(exported)).not.toContain(key);
    expect((await sendWithCookies("POST", "/api/account/delete", cookies, { password: GOOD_PASSWORD })).status).toBe(200);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM api_keys WHERE user_id = ?").bind(body.session.user.id).first("n")).toBe(0);
    expect((await ltJson("/detect", { q: "Hallo", api_key: key })).status).toBe(403);
  });
});
