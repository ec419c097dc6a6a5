// Two-factor sign-in (docs/product.md#accounts, docs/decisions/0015-two-factor.md): TOTP per RFC 6238 (computed here
// independently with Web Crypto), enrolment, the code step after a password or an emailed code (also without
// JavaScript), attempt caps, backup codes, replay, the secret's encryption at rest and disabling. The account page's
// forms and the owner requirement: two-factor-account.test.ts.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { matchingStep } from "@worker/services/auth/two-factor/totp";
import { RATE_LIMITS } from "@worker/lib/rate-limit-rules";
import { getWithCookies, GOOD_PASSWORD, lastCode, lastLink, responseCookies, sendWithCookies, signedInAccount, verifyLink } from "../support/auth";
import { postForm, postJson } from "../support/requests";
import { base32Bytes, enableTwoFactor, freshCode, STEP_MS, totp } from "../support/totp";
import { postJsonWithProof } from "../support/proof";
import { clearOfTheWindowEnd } from "../support/rate-limits";

type Json = Record<string, unknown>;

async function json(response: Response) {
  return (await response.json()) as Json & { error?: { code: string; message: string } };
}

async function passwordChallenge(email: string) {
  const response = await postJson("/api/auth/token", { email, password: GOOD_PASSWORD });
  expect(response.status).toBe(200);
  expect(response.headers.getSetCookie()).toEqual([]);
  const body = await json(response);
  expect(body).toMatchObject({ session: null, mfa_required: true });
  return body.challenge as string;
}

const verify = (challenge: string, code: string) => postJson("/api/auth/two-factor/verify", { challenge, code });

describe("TOTP (RFC 6238)", () => {
  it("matches the RFC's SHA-1 test vectors and the server's check, with one step of drift and no more", async () => {
    // RFC 6238 appendix B: the secret "12345678901234567890".
    const secret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
    expect(await totp(secret, 59_000, 8)).toBe("94287082");
    expect(await totp(secret, 1_111_111_109_000, 8)).toBe("07081804");
    const now = 1_111_111_109_000;
    const step = Math.floor(now / STEP_MS);
    expect(matchingStep(secret, await totp(secret, now), now)).toBe(step);
    expect(matchingStep(secret, await totp(secret, now - STEP_MS), now)).toBe(step - 1);
    expect(matchingStep(secret, await totp(secret, now + STEP_MS), now)).toBe(step + 1);
    expect(matchingStep(secret, await totp(secret, now + 2 * STEP_MS), now)).toBeNull();
    expect(matchingStep(secret, "12345a", now)).toBeNull();
  });
});

describe("enrolment", () => {
  it("is pending until confirmed with a code; then ten backup codes, shown once", async () => {
    const account = await signedInAccount();
    const setup = await json(await sendWithCookies("POST", "/api/auth/two-factor/setup", account.cookies));
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.uri).toMatch(/^otpauth:\/\/totp\/Parley:.+\?.*secret=/);
    expect(setup.uri).toContain("algorithm=SHA1");
    expect(setup.uri).toContain("digits=6");
    expect(setup.uri).toContain("period=30");
    // Pending: the password still signs in directly.
    expect((await json(await postJson("/api/auth/token", { email: account.email, password: GOOD_PASSWORD }))).session).not.toBeNull();
    const wrong = await sendWithCookies("POST", "/api/auth/two-factor/enable", account.cookies, { code: "000000" });
    expect(wrong.status).toBe(400);
    expect((await json(wrong)).error?.code).toBe("two_factor_invalid_code");
    const secret = setup.secret as string;
    const enabled = await sendWithCookies("POST", "/api/auth/two-factor/enable", account.cookies, { code: await totp(secret, Date.now()) });
    expect(enabled.status).toBe(200);
    const { backupCodes } = (await enabled.json()) as { backupCodes: string[] };
    expect(backupCodes).toHaveLength(10);
    expect(new Set(backupCodes).size).toBe(10);
    for (const code of backupCodes) expect(code).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
    const status = await json(await getWithCookies("/api/auth/two-factor", account.cookies));
    expect(status).toEqual({ enabled: true, backupCodesLeft: 10, requiredForOwner: false });
    // A second setup is refused while it is on.
    expect((await sendWithCookies("POST", "/api/auth/two-factor/setup", account.cookies)).status).toBe(409);
  });

  it("keeps the secret encrypted in D1 and the backup codes hashed", async () => {
    const account = await signedInAccount();
    const { secret, backupCodes } = await enableTwoFactor(account);
    const userId = account.body.session.user.id;
    const rows = await env.DB.prepare("SELECT * FROM two_factor WHERE user_id = ?").bind(userId).all();
    const codes = await env.DB.prepare("SELECT * FROM two_factor_backup_codes WHERE user_id = ?").bind(userId).all();
    expect(rows.results).toHaveLength(1);
    expect(codes.results).toHaveLength(10);
    const stored = JSON.stringify([rows.results, codes.results]);
    expect(stored).not.toContain(secret);
    expect(stored.toLowerCase()).not.toContain(secret.toLowerCase());
    const secretHex = [...base32Bytes(secret)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
    expect(stored).not.toContain(secretHex);
    for (const code of backupCodes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replace("-", ""));
    }
  });

  it("needs a signed-in user", async () => {
    expect((await postJson("/api/auth/two-factor/setup", {})).status).toBe(401);
    expect((await postJson("/api/auth/two-factor/enable", { code: "123456" })).status).toBe(401);
  });
});

describe("sign-in with two-factor on", () => {
  it("a password answers a challenge, not a session; the code completes it, once", async () => {
    const account = await signedInAccount();
    const { secret } = await enableTwoFactor(account);
    const challenge = await passwordChallenge(account.email);
    const done = await verify(challenge, await freshCode(secret));
    expect(done.status).toBe(200);
    const body = await json(done);
    expect(body).toMatchObject({ session: { user: { email: account.email } }, recovery: false });
    const cookies = responseCookies(done);
    expect(Object.keys(cookies).sort()).toEqual(["parley_access", "parley_refresh"]);
    expect(((await json(await getWithCookies("/api/auth/session", cookies))).session as Json | null)?.user).toMatchObject({ email: account.email });
    // The challenge works once.
    const again = await verify(challenge, await freshCode(secret));
    expect(again.status).toBe(400);
    expect((await json(again)).error?.code).toBe("two_factor_challenge_invalid");
  });

  it("an emailed code answers a challenge too", async () => {
    const account = await signedInAccount();
    const { secret } = await enableTwoFactor(account);
    await postJsonWithProof("/api/auth/otp", { email: account.email });
    const response = await postJson("/api/auth/verify", { type: "email", email: account.email, token: await lastCode(account.email) });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual([]);
    const body = await json(response);
    expect(body).toMatchObject({ session: null, mfa_required: true, type: "email" });
    expect((await verify(body.challenge as string, await freshCode(secret))).status).toBe(200);
  });

  it("a password recovery link asks for the code too, and says the session came from recovery", async () => {
    const account = await signedInAccount();
    const { secret } = await enableTwoFactor(account);
    await postJsonWithProof("/api/auth/recover", { email: account.email });
    const response = await verifyLink(await lastLink(account.email));
    expect(response.headers.getSetCookie()).toEqual([]);
    const body = await json(response);
    expect(body).toMatchObject({ session: null, mfa_required: true, type: "recovery" });
    const done = await verify(body.challenge as string, await freshCode(secret));
    expect(await json(done)).toMatchObject({ session: { user: { email: account.email } }, recovery: true });
  });

  it("refuses a replayed code: the one that confirmed the setup does not sign in", async () => {
    const account = await signedInAccount();
    const setup = await json(await sendWithCookies("POST", "/api/auth/two-factor/setup", account.cookies));
    const secret = setup.secret as string;
    const code = await totp(secret, Date.now());
    expect((await sendWithCookies("POST", "/api/auth/two-factor/enable", account.cookies, { code })).status).toBe(200);
    const replay = await verify(await passwordChallenge(account.email), code);
    expect(replay.status).toBe(400);
    expect((await json(replay)).error?.code).toBe("two_factor_invalid_code");
    // And a code once accepted at sign-in is refused the second time.
    const fresh = await freshCode(secret);
    expect((await verify(await passwordChallenge(account.email), fresh)).status).toBe(200);
    expect((await verify(await passwordChallenge(account.email), fresh)).status).toBe(400);
  });

  it("caps a challenge at 5 attempts: then even the right code is refused", async () => {
    const account = await signedInAccount();
    const { secret } = await enableTwoFactor(account);
    const challenge = await passwordChallenge(account.email);
    for (let attempt = 0; attempt < 4; attempt++) {
      const wrong = await verify(challenge, "000000");
      expect(wrong.status).toBe(400);
      expect((await json(wrong)).error?.code).toBe("two_factor_invalid_code");
    }
    const fifth = await verify(challenge, "000000");
    expect((await json(fifth)).error?.code).toBe("two_factor_challenge_invalid");
    const right = await verify(challenge, await freshCode(secret));
    expect(right.status).toBe(400);
    expect((await json(right)).error?.code).toBe("two_factor_challenge_invalid");
    expect(right.headers.getSetCookie()).toEqual([]);
  });

  it("rate-limits codes per account across challenges", async () => {
    const account = await signedInAccount();
    await enableTwoFactor(account);
    await clearOfTheWindowEnd(RATE_LIMITS.twoFactorVerify, 40);
    const statuses: number[] = [];
    for (let round = 0; round < 3; round++) {
      const challenge = await passwordChallenge(account.email);
      for (let attempt = 0; attempt < 4; attempt++) statuses.push((await verify(challenge, "000000")).status);
    }
    // 10 per 15 minutes: the 11th and 12th are refused before any code is checked.
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it("accepts each backup code once, in any case and with or without its dash", async () => {
    const account = await signedInAccount();
    const { backupCodes } = await enableTwoFactor(account);
    const [first, second] = backupCodes as [string, string];
    expect((await verify(await passwordChallenge(account.email), first.toUpperCase())).status).toBe(200);
    const reused = await verify(await passwordChallenge(account.email), first);
    expect(reused.status).toBe(400);
    expect((await verify(await passwordChallenge(account.email), second.replace("-", ""))).status).toBe(200);
    expect((await json(await getWithCookies("/api/auth/two-factor", account.cookies))).backupCodesLeft).toBe(8);
  });

  it("leaves accounts without two-factor sign-in as they were", async () => {
    const account = await signedInAccount();
    const response = await postJson("/api/auth/token", { email: account.email, password: GOOD_PASSWORD });
    const body = await json(response);
    expect(Object.keys(body)).toEqual(["session"]);
    expect(response.headers.getSetCookie()).toHaveLength(2);
  });
});

describe("changing two-factor sign-in", () => {
  it("disabling needs a fresh code; then a password signs in directly again", async () => {
    const account = await signedInAccount();
    const { secret } = await enableTwoFactor(account);
    expect((await sendWithCookies("POST", "/api/auth/two-factor/disable", account.cookies, {})).status).toBe(400);
    const wrong = await sendWithCookies("POST", "/api/auth/two-factor/disable", account.cookies, { code: "000000" });
    expect(wrong.status).toBe(400);
    expect((await json(await getWithCookies("/api/auth/two-factor", account.cookies))).enabled).toBe(true);
    const off = await sendWithCookies("POST", "/api/auth/two-factor/disable", account.cookies, { code: await freshCode(secret) });
    expect(off.status).toBe(200);
    expect(await json(await getWithCookies("/api/auth/two-factor", account.cookies))).toMatchObject({ enabled: false, backupCodesLeft: 0 });
    expect((await json(await postJson("/api/auth/token", { email: account.email, password: GOOD_PASSWORD }))).session).not.toBeNull();
    const userId = account.body.session.user.id;
    expect(await env.DB.prepare("SELECT count(*) AS n FROM two_factor_backup_codes WHERE user_id = ?").bind(userId).first("n")).toBe(0);
  });

  it("new backup codes need a code (a backup code will do), and replace the old ones", async () => {
    const account = await signedInAccount();
    const { backupCodes } = await enableTwoFactor(account);
    expect((await sendWithCookies("POST", "/api/auth/two-factor/backup-codes", account.cookies, { code: "000000" })).status).toBe(400);
    const renewed = await sendWithCookies("POST", "/api/auth/two-factor/backup-codes", account.cookies, { code: backupCodes[0] });
    expect(renewed.status).toBe(200);
    const fresh = ((await renewed.json()) as { backupCodes: string[] }).backupCodes;
    expect(fresh).toHaveLength(10);
    expect((await verify(await passwordChallenge(account.email), backupCodes[1]!)).status).toBe(400);
    expect((await verify(await passwordChallenge(account.email), fresh[0]!)).status).toBe(200);
  });
});

describe("the code step without JavaScript", () => {
  // The first page this file renders transforms the whole app, which takes longer than a test's default on a busy machine.
  it("the password form answers the code step; the code form signs in with a redirect to next", { timeout: 90_000 }, async () => {
    const account = await signedInAccount();
    const { secret } = await enableTwoFactor(account);
    const first = await postForm("/auth?next=%2Fabout", { intent: "sign_in", email: account.email, password: GOOD_PASSWORD });
    expect(first.status).toBe(200);
    expect(first.headers.getSetCookie()).toEqual([]);
    const html = await first.text();
    expect(html).toContain('value="two_factor"');
    const challenge = /name="challenge" value="([^"]+)"/.exec(html)?.[1];
    expect(challenge).toBeTruthy();
    const wrong = await postForm("/auth?next=%2Fabout", { intent: "two_factor", challenge: challenge!, code: "000000" });
    expect(wrong.status).toBe(400);
    const wrongHtml = await wrong.text();
    expect(wrongHtml).toContain("That code is not right");
    // The step is still there to try again.
    expect(wrongHtml).toContain(`value="${challenge}"`);
    const done = await postForm("/auth?next=%2Fabout", { intent: "two_factor", challenge: challenge!, code: await freshCode(secret) });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/about");
    expect(Object.keys(responseCookies(done)).sort()).toEqual(["parley_access", "parley_refresh"]);
  });
});
