// The account page's forms without JavaScript: they post to /account, whose action saves the retention setting,
// sends the deletion code and deletes the account like /api/account does.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { RATE_LIMITS } from "@worker/lib/rate-limit-rules";
import { signedInAccount, cookieHeader, getWithCookies, GOOD_PASSWORD, lastCode } from "../support/auth";
import { postForm } from "../support/requests";
import { passwordlessAccount } from "./helpers";
import { fillWindow } from "../support/rate-limits";

type Cookies = Record<string, string>;

const post = (fields: Record<string, string>, cookies?: Cookies) => postForm("/account", fields, cookies ? { cookie: cookieHeader(cookies) } : {});

async function retentionOf(userId: string) {
  return (await env.DB.prepare("SELECT history_retention_days AS days FROM profiles WHERE id = ?").bind(userId).first<{ days: number | null }>())
    ?.days;
}

async function userExists(userId: string) {
  return (await env.DB.prepare("SELECT count(*) AS n FROM users WHERE id = ?").bind(userId).first<{ n: number }>())?.n === 1;
}

describe("POST /account (no JavaScript)", () => {
  it("sends a visitor to sign in first, and back to the account page", async () => {
    const response = await post({ intent: "retention", retention: "keep" });
    expect([302, 303]).toContain(response.status);
    expect(response.headers.get("location")).toBe("/auth?next=%2Faccount");
  });

  it("saves the retention setting and says so in the form", async () => {
    const { cookies, body } = await signedInAccount();
    const response = await post({ intent: "retention", retention: "days", historyRetentionDays: "14" }, cookies);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('role="status"');
    expect(html).toContain("History setting saved");
    expect(html).toContain("Conversations not updated for 14 days are deleted automatically, once a day.");
    expect(await retentionOf(body.session.user.id)).toBe(14);

    expect((await post({ intent: "retention", retention: "keep", historyRetentionDays: "14" }, cookies)).status).toBe(200);
    expect(await retentionOf(body.session.user.id)).toBeNull();
  });

  it("keeps a rejected number to correct, with the API's message", async () => {
    const { cookies, body } = await signedInAccount();
    const response = await post({ intent: "retention", retention: "days", historyRetentionDays: "400" }, cookies);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Could not save the setting");
    expect(html).toContain("Choose a number of days from 1 to 365.");
    expect(html).toContain('value="400"');
    expect(await retentionOf(body.session.user.id)).toBeFalsy();
  });

  it("shows the deletion's confirmation in the page when asked for it", async () => {
    const { cookies } = await signedInAccount();
    const html = await (await getWithCookies("/account?delete=confirm", cookies)).text();
    expect(html).toContain('id="delete-account"');
    expect(html).toContain("What will be deleted");
    expect(html).toContain('name="password"');
    expect(await (await getWithCookies("/account", cookies)).text()).not.toContain('id="delete-account"');
  });

  it("deletes nothing for a wrong password (never echoed back), then deletes the account and clears the session", async () => {
    const { cookies, body } = await signedInAccount();
    const userId = body.session.user.id;
    const wrong = await post({ intent: "delete-account", password: "not-the-password-123" }, cookies);
    expect(wrong.status).toBe(400);
    const html = await wrong.text();
    expect(html).toContain("That password is not correct. Nothing was deleted.");
    expect(html).not.toContain("not-the-password-123");
    expect(await userExists(userId)).toBe(true);

    const right = await post({ intent: "delete-account", password: GOOD_PASSWORD }, cookies);
    expect([302, 303]).toContain(right.status);
    expect(right.headers.get("location")).toBe("/");
    const cleared = right.headers.getSetCookie();
    expect(cleared.length).toBeGreaterThanOrEqual(2);
    expect(cleared.every((cookie) => /max-age=0|expires=thu, 01 jan 1970/i.test(cookie))).toBe(true);
    expect(await userExists(userId)).toBe(false);
  });

  it("sends a deletion code to a passwordless account, and deletes it with that code", async () => {
    const { email, userId, cookies } = await passwordlessAccount();
    const sent = await post({ intent: "delete-code" }, cookies);
    expect(sent.status).toBe(200);
    const html = await sent.text();
    expect(html).toContain("Code sent");
    expect(html).toContain('name="code"');
    const response = await post({ intent: "delete-account", code: await lastCode(email) }, cookies);
    expect([302, 303]).toContain(response.status);
    expect(await userExists(userId)).toBe(false);
  });

  it("counts deletion attempts against the same per-account limit as the API", async () => {
    const { cookies, body } = await signedInAccount();
    await fillWindow(RATE_LIMITS.accountDelete, body.session.user.id);
    const response = await post({ intent: "delete-account", password: GOOD_PASSWORD }, cookies);
    expect(response.status).toBe(429);
    expect(await response.text()).toContain("Too many requests. Please wait a moment and try again.");
    expect(await userExists(body.session.user.id)).toBe(true);
  });
});
