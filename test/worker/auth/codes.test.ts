// One-time codes and emailed links (docs/decisions/0017-credentials-and-codes.md): each code allows five tries, a
// new code or link kills the earlier ones, opening a link (GET) spends nothing, and the per-IP limits are only a
// coarse outer bound.
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { database } from "@worker/db/client";
import { RATE_LIMITS } from "@worker/lib/rate-limit-rules";
import { CODE_MAX_ATTEMPTS, issueCode } from "@worker/services/auth/one-time-tokens";
import {
  confirmedAccount,
  emailCount,
  GOOD_PASSWORD,
  lastCode,
  lastLink,
  responseCookies,
  sendWithCookies,
  uniqueEmail,
  verifyLink,
} from "../support/auth";
import { clearOfTheWindowEnd, fillWindow } from "../support/rate-limits";
import { newClientIp, ORIGIN, postJson } from "../support/requests";
import { postJsonWithProof } from "../support/proof";

const verifyCode = (email: string, token: string) => postJson("/api/auth/verify", { type: "email", email, token });
const otherThan = (code: string) => (code === "000000" ? "000001" : "000000");

async function userEmail(id: string) {
  return (await env.DB.prepare("SELECT email FROM users WHERE id = ?").bind(id).first<{ email: string }>())?.email;
}

describe("code attempts", () => {
  it("a code survives four wrong tries and then works", async () => {
    const { email } = await confirmedAccount();
    await postJsonWithProof("/api/auth/otp", { email });
    const code = await lastCode(email);
    for (let i = 0; i < CODE_MAX_ATTEMPTS - 1; i++) expect((await verifyCode(email, otherThan(code))).status).toBe(400);
    expect((await verifyCode(email, code)).status).toBe(200);
  });

  it("after five tries the code is dead: even the right code is refused", async () => {
    const { email } = await confirmedAccount();
    await postJsonWithProof("/api/auth/otp", { email });
    const code = await lastCode(email);
    for (let i = 0; i < CODE_MAX_ATTEMPTS; i++) expect((await verifyCode(email, otherThan(code))).status).toBe(400);
    const right = await verifyCode(email, code);
    expect(right.status).toBe(400);
    expect(await right.json()).toEqual({ error: { code: "otp_invalid", message: "Token has expired or is invalid" } });
  });

  it("the account-deletion code has the same cap", async () => {
    const { email, cookies } = await confirmedAccount(uniqueEmail("delete-cap"));
    const db = database(env.DB);
    const userId = (await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first<{ id: string }>())!.id;
    const code = await issueCode(db, { email, userId }, "account_delete");
    await env.DB.prepare("UPDATE users SET password_hash = NULL WHERE id = ?").bind(userId).run();
    for (let i = 0; i < CODE_MAX_ATTEMPTS; i++) {
      expect((await sendWithCookies("POST", "/api/account/delete", cookies, { code: otherThan(code) })).status).toBe(400);
    }
    expect((await sendWithCookies("POST", "/api/account/delete", cookies, { code })).status).toBe(400);
    expect(await userEmail(userId)).toBe(email);
  });

  it("answers the same for a registered and an unknown address", async () => {
    const { email: known } = await confirmedAccount();
    const unknown = uniqueEmail("unknown-code");
    for (const email of [known, unknown]) await postJsonWithProof("/api/auth/otp", { email });
    const a = await verifyCode(known, "123456");
    const b = await verifyCode(unknown, "123456");
    expect([a.status, await a.text()]).toEqual([b.status, await b.text()]);
  });
});

describe("a new code or link kills the earlier ones", () => {
  it("a second sign-in code replaces the first", async () => {
    const email = uniqueEmail("two-codes");
    const db = database(env.DB);
    const first = await issueCode(db, { email, userId: null });
    let second = await issueCode(db, { email, userId: null });
    // The same six digits twice in a row would prove nothing here.
    while (second === first) second = await issueCode(db, { email, userId: null });
    expect((await verifyCode(email, first)).status).toBe(400);
    expect((await verifyCode(email, second)).status).toBe(200);
  });

  it("a second magic link replaces the first, and a code does not touch the link", async () => {
    const email = uniqueEmail("two-links");
    await postJsonWithProof("/api/auth/magic-link", { email });
    const first = await lastLink(email);
    await postJsonWithProof("/api/auth/magic-link", { email });
    const second = await lastLink(email);
    await postJsonWithProof("/api/auth/otp", { email });
    expect((await verifyLink(first)).status).toBe(400);
    expect((await verifyLink(second)).status).toBe(200);
  });
});

/** Opens a link as a mail scanner does: a plain GET, no JavaScript, no cookies. Answers the page's status and cookies. */
async function scan(link: URL) {
  const response = await SELF.fetch(link, { headers: { "cf-connecting-ip": newClientIp() } });
  const html = await response.text();
  return { status: response.status, cookies: responseCookies(response), html };
}

describe("opening an emailed link (GET) spends nothing", () => {
  it("sign-up confirmation", async () => {
    const email = uniqueEmail("scan-signup");
    await postJsonWithProof("/api/auth/signup", { email, password: GOOD_PASSWORD });
    const link = await lastLink(email);
    const scanned = await scan(link);
    expect(scanned.status).toBe(200);
    expect(scanned.cookies).toEqual({});
    expect(scanned.html).toContain('name="intent" value="verify_link"');
    const confirmed = await env.DB.prepare("SELECT email_confirmed_at AS at FROM users WHERE email = ?").bind(email).first<{ at: number | null }>();
    expect(confirmed?.at).toBeNull();
    expect((await verifyLink(link)).status).toBe(200);
  });

  it("magic link", async () => {
    const email = uniqueEmail("scan-magic");
    await postJsonWithProof("/api/auth/magic-link", { email });
    const link = await lastLink(email);
    expect((await scan(link)).cookies).toEqual({});
    expect(await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first()).toBeNull();
    expect((await verifyLink(link)).status).toBe(200);
  });

  it("password reset", async () => {
    const { email } = await confirmedAccount();
    await postJsonWithProof("/api/auth/recover", { email });
    const link = await lastLink(email);
    expect((await scan(link)).cookies).toEqual({});
    expect((await verifyLink(link)).status).toBe(200);
  });

  it("email change", async () => {
    const { email, password, cookies, body } = await confirmedAccount();
    const newEmail = uniqueEmail("scan-change");
    expect((await sendWithCookies("POST", "/api/auth/email-change", cookies, { email: newEmail, currentPassword: password })).status).toBe(200);
    const link = await lastLink(newEmail);
    expect(link.searchParams.get("type")).toBe("email_change");
    expect((await scan(link)).cookies).toEqual({});
    expect(await userEmail(body.session.user.id)).toBe(email);
    expect((await verifyLink(link)).status).toBe(200);
    expect(await userEmail(body.session.user.id)).toBe(newEmail);
  });
});

describe("fair rate limits", () => {
  it("one shared address signs up many different people past the old ceiling of 30 an hour", async () => {
    const ip = newClientIp();
    for (let i = 0; i < 31; i++) {
      const response = await postJsonWithProof(
        "/api/auth/signup",
        { email: uniqueEmail("office"), password: GOOD_PASSWORD },
        { "cf-connecting-ip": ip },
      );
      expect(response.status).toBe(200);
    }
    // Each request solves its human check here (test/worker/support/proof.ts): dozens take longer than one default.
  }, 120_000);

  it("one shared address requests links for many people past the old ceiling of 40 an hour", async () => {
    const ip = newClientIp();
    for (let i = 0; i < 41; i++) {
      expect((await postJsonWithProof("/api/auth/magic-link", { email: uniqueEmail("office-link") }, { "cf-connecting-ip": ip })).status).toBe(200);
    }
    // Each request solves its human check here (test/worker/support/proof.ts): dozens take longer than one default.
  }, 120_000);

  it("the per-address bound still holds, as a coarse outer limit", async () => {
    const ip = newClientIp();
    await fillWindow(RATE_LIMITS.emailLinkIp, ip);
    const email = uniqueEmail("outer");
    const refused = await postJsonWithProof("/api/auth/magic-link", { email }, { "cf-connecting-ip": ip });
    expect(refused.status).toBe(429);
    expect(await emailCount(email)).toBe(0);
  });

  it("the per-email limit stays tight whatever the address", async () => {
    const email = uniqueEmail("tight");
    await clearOfTheWindowEnd(RATE_LIMITS.emailLinkEmail, 30);
    for (let i = 0; i < 5; i++) expect((await postJsonWithProof("/api/auth/magic-link", { email })).status).toBe(200);
    expect((await postJsonWithProof("/api/auth/magic-link", { email }, { origin: ORIGIN })).status).toBe(429);
  });
});
