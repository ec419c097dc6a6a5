// A passwordless account (passkeys only) changes its email address: it has no current password, so it proves itself
// with a 6-digit code sent to its current address (docs/decisions/0017-credentials-and-codes.md).
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { cookieHeader, emailCount, lastCode, lastEmail, lastLink, sendWithCookies, signedInAccount, uniqueEmail, verifyLink } from "../support/auth";
import { postForm } from "../support/requests";

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

const emailOf = async (id: string) => (await env.DB.prepare("SELECT email FROM users WHERE id = ?").bind(id).first<{ email: string }>())?.email;

describe("email change without a password", () => {
  it("asks for the code, mails it to the current address, and with it sends the confirmation link", async () => {
    const { email, cookies, body } = await signedInAccount(uniqueEmail("passkey-only"), null);
    const newEmail = uniqueEmail("passkey-moved");

    const unproved = await sendWithCookies("POST", "/api/auth/email-change", cookies, { email: newEmail });
    expect(unproved.status).toBe(400);
    const refusal = (await unproved.json()) as ErrorBody;
    expect(refusal.error.code).toBe("code_required");
    expect(refusal.error.fields).toEqual({ code: "Ask for a code to your current address, then enter it here." });
    expect(await emailCount(newEmail)).toBe(0);

    expect((await sendWithCookies("POST", "/api/auth/email-change/code", cookies)).status).toBe(200);
    const mail = await lastEmail(email);
    expect(mail.subject).toBe("Your Parley code to change your email address");
    const code = await lastCode(email);

    const wrongCode = code === "000000" ? "111111" : "000000";
    const wrong = await sendWithCookies("POST", "/api/auth/email-change", cookies, { email: newEmail, code: wrongCode });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as ErrorBody).error.code).toBe("invalid_code");

    const proved = await sendWithCookies("POST", "/api/auth/email-change", cookies, { email: newEmail, code });
    expect(proved.status).toBe(200);
    expect((await lastEmail(email)).subject).toBe("Your Parley email address is being changed");
    // The code works once.
    expect((await sendWithCookies("POST", "/api/auth/email-change", cookies, { email: uniqueEmail("again"), code })).status).toBe(400);

    expect(await emailOf(body.session.user.id)).toBe(email);
    expect((await verifyLink(await lastLink(newEmail))).status).toBe(200);
    expect(await emailOf(body.session.user.id)).toBe(newEmail);
  });

  it("a code for something else (a sign-in code) does not prove an email change", async () => {
    const { email, cookies } = await signedInAccount(uniqueEmail("passkey-otp"), null);
    const { issueCode } = await import("@worker/services/auth/one-time-tokens");
    const { database } = await import("@worker/db/client");
    const signInCode = await issueCode(database(env.DB), { email, userId: null });
    const response = await sendWithCookies("POST", "/api/auth/email-change", cookies, { email: uniqueEmail("otp-moved"), code: signInCode });
    expect(((await response.json()) as ErrorBody).error.code).toBe("invalid_code");
  });

  it("an account with a password confirms with it, not with a code", async () => {
    const { cookies } = await signedInAccount(uniqueEmail("has-password"));
    const response = await sendWithCookies("POST", "/api/auth/email-change/code", cookies);
    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorBody).error.code).toBe("password_required");
  });

  it("works without JavaScript: the account page's two forms, the code then the change", async () => {
    const { email, cookies } = await signedInAccount(uniqueEmail("passkey-nojs"), null);
    const headers = { cookie: cookieHeader(cookies) };
    const page = await (await postForm("/account", { intent: "email-change-code" }, headers)).text();
    expect(page).toContain("We sent a 6-digit code to");
    const newEmail = uniqueEmail("passkey-nojs-moved");
    const refused = await postForm("/account", { intent: "change-email", email: newEmail, code: "12" }, headers);
    expect(refused.status).toBe(400);
    const refusedPage = await refused.text();
    expect(refusedPage).toContain("Enter the 6-digit code from the email.");
    expect(refusedPage).toContain(newEmail);
    const sent = await postForm("/account", { intent: "change-email", email: newEmail, code: await lastCode(email) }, headers);
    expect(sent.status).toBe(200);
    expect(await sent.text()).toContain("Check your new inbox");
    expect((await lastLink(newEmail)).searchParams.get("type")).toBe("email_change");
  });
});
