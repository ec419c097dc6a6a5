// Changing credentials (docs/decisions/0017-credentials-and-codes.md): a password change needs the current password
// or a recovery link used within 10 minutes; an email change is confirmed from the new address, with a notice to
// the old one, and never grants the owner role.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { CURRENT_PASSWORD_MESSAGE } from "@core/schemas/auth";
import {
  confirmedAccount,
  cookieHeader,
  emailCount,
  getWithCookies,
  lastEmail,
  lastLink,
  responseCookies,
  sendWithCookies,
  signedInAccount,
  uniqueEmail,
  verifyLink,
} from "../support/auth";
import { postForm, postJson } from "../support/requests";
import { postJsonWithProof } from "../support/proof";

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
type SessionBody = { session: { user: { id: string; email: string; isOwner: boolean } } | null };

const NEW_PASSWORD = "granite-meadow-compass-9";

async function session(cookies: Record<string, string>) {
  return ((await (await getWithCookies("/api/auth/session", cookies)).json()) as SessionBody).session;
}

const signInStatus = async (email: string, password: string) => (await postJson("/api/auth/token", { email, password })).status;

/** Signs in through an emailed recovery link; answers the new session's cookies. */
async function recover(email: string) {
  await postJsonWithProof("/api/auth/recover", { email });
  return responseCookies(await verifyLink(await lastLink(email)));
}

describe("password change", () => {
  it("is refused without the current password, on the currentPassword field", async () => {
    const { email, password, cookies } = await confirmedAccount();
    const response = await sendWithCookies("PUT", "/api/auth/user", cookies, { password: NEW_PASSWORD });
    expect(response.status).toBe(400);
    const body = (await response.json()) as ErrorBody;
    expect(body.error.code).toBe("current_password_required");
    expect(body.error.fields).toEqual({ currentPassword: CURRENT_PASSWORD_MESSAGE });
    expect(await signInStatus(email, password)).toBe(200);
  });

  it("is refused with a wrong current password", async () => {
    const { email, password, cookies } = await confirmedAccount();
    const response = await sendWithCookies("PUT", "/api/auth/user", cookies, { password: NEW_PASSWORD, currentPassword: "not-my-password-1" });
    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorBody).error.fields?.currentPassword).toBe("That password is not correct.");
    expect(await signInStatus(email, password)).toBe(200);
  });

  it("is accepted with the current password, and ends the other sessions", async () => {
    const { email, password, cookies: other } = await confirmedAccount();
    const mine = responseCookies(await postJson("/api/auth/token", { email, password }));
    const response = await sendWithCookies("PUT", "/api/auth/user", mine, { password: NEW_PASSWORD, currentPassword: password });
    expect(response.status).toBe(200);
    expect(await signInStatus(email, NEW_PASSWORD)).toBe(200);
    expect(await signInStatus(email, password)).toBe(400);
    expect(await session(mine)).not.toBeNull();
    expect(await session(other)).toBeNull();
  });

  it("is accepted without it within 10 minutes of a recovery link, once", async () => {
    const { email } = await confirmedAccount();
    const cookies = await recover(email);
    expect((await sendWithCookies("PUT", "/api/auth/user", cookies, { password: NEW_PASSWORD })).status).toBe(200);
    expect(await signInStatus(email, NEW_PASSWORD)).toBe(200);
    // The recovery has served: a second change needs the password again.
    expect((await sendWithCookies("PUT", "/api/auth/user", cookies, { password: "another-river-stone-7" })).status).toBe(400);
  });

  it("is refused without it more than 10 minutes after the recovery link", async () => {
    const { email, password } = await confirmedAccount();
    const cookies = await recover(email);
    await env.DB.prepare("UPDATE recovered_sessions SET verified_at = ? WHERE user_id = (SELECT id FROM users WHERE email = ?)")
      .bind(Date.now() - 11 * 60 * 1000, email)
      .run();
    const response = await sendWithCookies("PUT", "/api/auth/user", cookies, { password: NEW_PASSWORD });
    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorBody).error.fields).toHaveProperty("currentPassword");
    expect(await signInStatus(email, password)).toBe(200);
  });

  it("a recovery in another session does not count for this one", async () => {
    const { email, password, cookies } = await confirmedAccount();
    await recover(email);
    expect((await sendWithCookies("PUT", "/api/auth/user", cookies, { password: NEW_PASSWORD })).status).toBe(400);
    expect(await signInStatus(email, password)).toBe(200);
  });

  it("a passwordless account sets its first password through the emailed link", async () => {
    const { email, cookies } = await signedInAccount(uniqueEmail("first-password"), null);
    const refused = await sendWithCookies("PUT", "/api/auth/user", cookies, { password: NEW_PASSWORD });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as ErrorBody).error.fields).toHaveProperty("currentPassword");

    // The account page's "Email me a link" sends the recovery link to the account's own address.
    const sent = await postForm("/account", { intent: "password-link" }, { cookie: cookieHeader(cookies) });
    expect(sent.status).toBe(200);
    const recovered = responseCookies(await verifyLink(await lastLink(email)));
    expect((await sendWithCookies("PUT", "/api/auth/user", recovered, { password: NEW_PASSWORD })).status).toBe(200);
    expect(await signInStatus(email, NEW_PASSWORD)).toBe(200);
  });

  it("the account page's form works without JavaScript", async () => {
    const { email, password, cookies } = await signedInAccount();
    const headers = { cookie: cookieHeader(cookies) };
    const refused = await postForm("/account", { intent: "change-password", currentPassword: "", password: NEW_PASSWORD }, headers);
    expect(refused.status).toBe(400);
    const refusedHtml = await refused.text();
    expect(refusedHtml).toContain(CURRENT_PASSWORD_MESSAGE);
    expect(refusedHtml).not.toContain(NEW_PASSWORD);

    const changed = await postForm("/account", { intent: "change-password", currentPassword: password, password: NEW_PASSWORD }, headers);
    expect(changed.status).toBe(200);
    const html = await changed.text();
    expect(html).toContain("Your password has been changed");
    expect(html).not.toContain(password);
    expect(await signInStatus(email, NEW_PASSWORD)).toBe(200);
  });
});

async function userRow(id: string) {
  return env.DB.prepare("SELECT u.email, coalesce(p.is_owner, 0) AS is_owner FROM users u LEFT JOIN profiles p ON p.id = u.id WHERE u.id = ?")
    .bind(id)
    .first<{ email: string; is_owner: number }>();
}

describe("email change", () => {
  it("mails a link to the new address and a notice to the old; takes effect only on the POST confirm", async () => {
    const { email, password, cookies, body } = await confirmedAccount();
    const userId = body.session.user.id;
    const newEmail = uniqueEmail("moved");
    const response = await sendWithCookies("POST", "/api/auth/email-change", cookies, { email: newEmail, currentPassword: password });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });

    const notice = await lastEmail(email);
    expect(notice.subject).toBe("Your Parley email address is being changed");
    expect(notice.text).toContain(`Your Parley email is being changed to ${newEmail}`);
    expect(notice.text).toContain("If this wasn't you");
    expect(notice.text).not.toMatch(/token_hash/);
    const link = await lastLink(newEmail);
    expect(link.searchParams.get("type")).toBe("email_change");
    expect(link.searchParams.get("next")).toBe("/account");
    expect((await userRow(userId))?.email).toBe(email);

    const confirmed = await verifyLink(link);
    expect(confirmed.status).toBe(200);
    expect(((await confirmed.json()) as SessionBody).session?.user.email).toBe(newEmail);
    expect((await userRow(userId))?.email).toBe(newEmail);
    // The session that asked sees the new address; the new address signs in, the old one no longer does.
    expect((await session(cookies))?.user.email).toBe(newEmail);
    expect(await signInStatus(newEmail, password)).toBe(200);
    expect(await signInStatus(email, password)).toBe(400);
    // The link works once.
    expect((await verifyLink(link)).status).toBe(400);
  });

  it("needs the current password", async () => {
    const { cookies } = await confirmedAccount();
    const newEmail = uniqueEmail("unproved");
    const response = await sendWithCookies("POST", "/api/auth/email-change", cookies, { email: newEmail });
    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorBody).error.fields).toEqual({ currentPassword: CURRENT_PASSWORD_MESSAGE });
    expect(await emailCount(newEmail)).toBe(0);
  });

  it("answers a taken address like a free one, and changes nothing", async () => {
    const { email, password, cookies, body } = await confirmedAccount();
    const { email: taken } = await confirmedAccount();
    const free = uniqueEmail("free");
    const a = await sendWithCookies("POST", "/api/auth/email-change", cookies, { email: taken, currentPassword: password });
    const b = await sendWithCookies("POST", "/api/auth/email-change", cookies, { email: free, currentPassword: password });
    expect([a.status, await a.text()]).toEqual([b.status, await b.text()]);
    // The taken address's owner hears of it, with no link that could move anything.
    const told = await lastEmail(taken);
    expect(told.subject).toBe("You already have a Parley account");
    expect(told.text).not.toContain("token_hash");
    expect((await userRow(body.session.user.id))?.email).toBe(email);
  });

  it("a link whose address was taken meanwhile is refused", async () => {
    const { password, cookies } = await confirmedAccount();
    const newEmail = uniqueEmail("raced");
    await sendWithCookies("POST", "/api/auth/email-change", cookies, { email: newEmail, currentPassword: password });
    const link = await lastLink(newEmail);
    await confirmedAccount(newEmail);
    expect((await verifyLink(link)).status).toBe(400);
  });

  it("moving to an address listed in OWNER_EMAILS does not make an owner", async () => {
    // OWNER_EMAILS in the test config lists owner@parley.test and second-owner@parley.test.
    const { password, cookies, body } = await confirmedAccount();
    await sendWithCookies("POST", "/api/auth/email-change", cookies, { email: "owner@parley.test", currentPassword: password });
    const confirmed = await verifyLink(await lastLink("owner@parley.test"));
    expect(confirmed.status).toBe(200);
    expect(((await confirmed.json()) as SessionBody).session?.user).toMatchObject({ email: "owner@parley.test", isOwner: false });
    expect(await userRow(body.session.user.id)).toEqual({ email: "owner@parley.test", is_owner: 0 });
    expect((await session(cookies))?.user.isOwner).toBe(false);
  });

  it("a second request replaces the first link, and the old address's links die with the change", async () => {
    const { email, password, cookies } = await confirmedAccount();
    const first = uniqueEmail("first-choice");
    const second = uniqueEmail("second-choice");
    await sendWithCookies("POST", "/api/auth/email-change", cookies, { email: first, currentPassword: password });
    const firstLink = await lastLink(first);
    await postJsonWithProof("/api/auth/recover", { email });
    const resetLink = await lastLink(email);
    await sendWithCookies("POST", "/api/auth/email-change", cookies, { email: second, currentPassword: password });
    expect((await verifyLink(firstLink)).status).toBe(400);
    expect((await verifyLink(await lastLink(second))).status).toBe(200);
    expect((await verifyLink(resetLink)).status).toBe(400);
  });

  it("the account page's form works without JavaScript", async () => {
    const { email, password, cookies } = await signedInAccount();
    const newEmail = uniqueEmail("form-moved");
    const answer = await postForm(
      "/account",
      { intent: "change-email", email: newEmail, currentPassword: password },
      { cookie: cookieHeader(cookies) },
    );
    expect(answer.status).toBe(200);
    const html = await answer.text();
    expect(html).toContain("Check your new inbox");
    expect(html).not.toContain(password);
    expect((await lastLink(newEmail)).searchParams.get("type")).toBe("email_change");
    expect((await lastEmail(email)).subject).toBe("Your Parley email address is being changed");
  });
});
