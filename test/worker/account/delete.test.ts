// Deleting an account: confirmed by the password (or an emailed code without one), it removes every row of
// the user in every table and ends every session; a wrong confirmation deletes nothing.
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { formSubmissions, mailOutbox, subscriptions } from "@worker/db/schema";
import { enforceRateLimit } from "@worker/lib/rate-limit";
import { RATE_LIMITS } from "@worker/lib/rate-limit-rules";
import { cookieHeader, getWithCookies, signedInAccount, GOOD_PASSWORD, lastCode, responseCookies, sendWithCookies } from "../support/auth";
import { addComment, addConversation, addMessage, addPost, addTranslation, db, passwordlessAccount } from "./helpers";
import { ORIGIN, postJson } from "../support/requests";
import { postJsonWithProof } from "../support/proof";
import { clearOfTheWindowEnd } from "../support/rate-limits";

/** Every table that can hold a row of the user, and how to find that row by user id or email. */
const OWNED_ROWS: Array<[table: string, where: string]> = [
  ["users", "id = ?1 OR email = ?2"],
  ["profiles", "id = ?1"],
  ["refresh_tokens", "user_id = ?1"],
  ["one_time_tokens", "user_id = ?1 OR email = ?2"],
  ["mail_outbox", '"to" = ?2'],
  ["subscriptions", "user_id = ?1 OR email = ?2"],
  ["form_submissions", "email = ?2"],
  ["posts", "author_id = ?1"],
  ["comments", "author_id = ?1"],
  ["translations", "user_id = ?1"],
  ["conversations", "user_id = ?1"],
  ["messages", "user_id = ?1"],
  ["rate_limits", "key LIKE '%:' || ?1 OR key LIKE '%:' || ?2"],
];

async function ownedRowCounts(userId: string, email: string) {
  const counts: Record<string, number> = {};
  for (const [table, where] of OWNED_ROWS) {
    // D1 wants every bound parameter used: the trailing terms use both in every query.
    counts[table] = (await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE (${where}) AND ?1 IS NOT NULL AND ?2 IS NOT NULL`)
      .bind(userId, email)
      .first<{ n: number }>())!.n;
  }
  return counts;
}

/** Signs in again with the password: a second session (a second refresh-token family). */
async function signInAgain(email: string, password = GOOD_PASSWORD) {
  const response = await postJson("/api/auth/token", { email, password });
  expect(response.status).toBe(200);
  return responseCookies(response);
}

/** Gives the user a row in every table the account can touch, plus a foreign comment on their post. */
async function populate(userId: string, email: string, otherUserId: string) {
  const conversation = await addConversation(userId, { title: "To be deleted" });
  await addMessage(userId, conversation, "hi", { role: "user" });
  await addMessage(userId, conversation, "hello");
  await addTranslation(userId);
  const ownPost = await addPost(userId, { title: "Published post of the deleted user" });
  const othersPost = await addPost(otherUserId, { title: "Survivor's post" });
  await addComment(userId, othersPost.id, { content: "comment by the deleted user" });
  const foreignComment = await addComment(otherUserId, ownPost.id, { content: "comment under the deleted post" });
  await db.insert(subscriptions).values([
    { id: crypto.randomUUID(), email, page: "/" },
    { id: crypto.randomUUID(), email: `other-address-${userId}@example.com`, userId, page: "/kickstarter" },
  ]);
  await db.insert(formSubmissions).values({ id: crypto.randomUUID(), kind: "contact", email, message: "Hello" });
  await db.insert(mailOutbox).values({ id: crypto.randomUUID(), to: email, subject: "Your Parley sign-in link", text: "A link" });
  await env.DB.prepare("INSERT INTO one_time_tokens (id, user_id, email, purpose, token_hash, expires_at) VALUES (?, NULL, ?, 'magiclink', ?, ?)")
    .bind(crypto.randomUUID(), email, `hash-${crypto.randomUUID()}`, Date.now() + 60_000)
    .run();
  await enforceRateLimit(db, { name: "translate", limit: 100, windowSeconds: 60 }, userId);
  return { ownPost, othersPost, foreignComment };
}

describe("POST /api/account/delete (password)", () => {
  it("removes every row of the user across tables and ends every session", async () => {
    const account = await signedInAccount();
    const survivor = await signedInAccount();
    const userId = account.body.session.user.id;
    const otherSession = await signInAgain(account.email);
    const { ownPost, othersPost, foreignComment } = await populate(userId, account.email, survivor.body.session.user.id);
    const survivorBefore = await ownedRowCounts(survivor.body.session.user.id, survivor.email);

    const before = await ownedRowCounts(userId, account.email);
    for (const [table] of OWNED_ROWS) expect(before[table], table).toBeGreaterThan(0);

    const response = await sendWithCookies("POST", "/api/account/delete", account.cookies, { password: account.password });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    // Both session cookies are cleared on the response.
    const cleared = response.headers.getSetCookie().filter((cookie) => /^parley_(access|refresh)=;/.test(cookie));
    expect(cleared).toHaveLength(2);
    for (const cookie of cleared) expect(cookie).toContain("Max-Age=0");

    const after = await ownedRowCounts(userId, account.email);
    for (const [table] of OWNED_ROWS) expect(after[table], table).toBe(0);
    // The published post is gone from the blog, with the comments under it; the other user's post stays.
    expect(await env.DB.prepare("SELECT id FROM posts WHERE id = ?").bind(ownPost.id).first()).toBeNull();
    expect(await env.DB.prepare("SELECT id FROM comments WHERE id = ?").bind(foreignComment).first()).toBeNull();
    expect(await env.DB.prepare("SELECT id FROM posts WHERE id = ?").bind(othersPost.id).first()).not.toBeNull();
    expect((await SELF.fetch(`${ORIGIN}/blog/${ownPost.slug}`)).status).toBe(404);
    // Nothing of the other user was touched except the comment under the deleted post.
    const survivorAfter = await ownedRowCounts(survivor.body.session.user.id, survivor.email);
    expect({ ...survivorAfter, comments: survivorAfter.comments! + 1 }).toEqual(survivorBefore);

    // The old access token (still within its 15 minutes) no longer works, as a cookie or as a bearer token…
    const accessOnly = { parley_access: account.cookies.parley_access! };
    expect((await getWithCookies("/api/account/history/ai", accessOnly)).status).toBe(401);
    const bearer = await SELF.fetch(`${ORIGIN}/api/account/export`, { headers: { authorization: `Bearer ${account.cookies.parley_access}` } });
    expect(bearer.status).toBe(401);
    // …the other device's session cannot refresh…
    const refresh = await SELF.fetch(`${ORIGIN}/api/auth/refresh`, {
      method: "POST",
      headers: { cookie: cookieHeader({ parley_refresh: otherSession.parley_refresh! }), origin: ORIGIN, "sec-fetch-site": "same-origin" },
    });
    expect(refresh.status).toBe(401);
    expect((await getWithCookies("/api/auth/session", otherSession)).status).toBe(200);
    expect(await (await getWithCookies("/api/auth/session", otherSession)).json()).toEqual({ session: null });
    // …the account page sends the browser to sign in, and signing in again fails.
    const page = await SELF.fetch(`${ORIGIN}/account`, { headers: { cookie: cookieHeader(account.cookies) }, redirect: "manual" });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/auth?next=%2Faccount");
    const signIn = await postJson("/api/auth/token", { email: account.email, password: account.password });
    expect(signIn.status).toBe(400);
    expect(((await signIn.json()) as { error: { code: string } }).error.code).toBe("invalid_credentials");
  });

  it("a wrong password is a clear error and deletes nothing", async () => {
    const account = await signedInAccount();
    const survivor = await signedInAccount();
    const userId = account.body.session.user.id;
    await populate(userId, account.email, survivor.body.session.user.id);
    const before = await ownedRowCounts(userId, account.email);

    const response = await sendWithCookies("POST", "/api/account/delete", account.cookies, { password: "not-my-password-at-all" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: {
        code: "invalid_password",
        message: "That password is not correct. Nothing was deleted.",
        fields: { password: "That password is not correct. Nothing was deleted." },
      },
    });
    const missing = await sendWithCookies("POST", "/api/account/delete", account.cookies, {});
    expect(missing.status).toBe(400);
    // A password account cannot be deleted with a code instead.
    const byCode = await sendWithCookies("POST", "/api/account/delete", account.cookies, { code: "123456" });
    expect(byCode.status).toBe(400);
    expect(((await byCode.json()) as { error: { fields: Record<string, string> } }).error.fields.password).toBe("Enter your password to confirm.");
    expect((await sendWithCookies("POST", "/api/account/delete/code", account.cookies)).status).toBe(400);

    const after = await ownedRowCounts(userId, account.email);
    // Only the rate-limit counters of these attempts were added.
    expect({ ...after, rate_limits: 0, mail_outbox: 0 }).toEqual({ ...before, rate_limits: 0, mail_outbox: 0 });
    expect((await getWithCookies("/api/account/history/ai", account.cookies)).status).toBe(200);
  });

  it("needs a session and a same-site request", async () => {
    const anonymous = await postJson("/api/account/delete", { password: "whatever-password" });
    expect(anonymous.status).toBe(401);
    const account = await signedInAccount();
    const crossSite = await SELF.fetch(`${ORIGIN}/api/account/delete`, {
      method: "POST",
      headers: {
        cookie: cookieHeader(account.cookies),
        origin: "https://evil.example",
        "sec-fetch-site": "cross-site",
        "content-type": "application/json",
      },
      body: JSON.stringify({ password: account.password }),
    });
    expect(crossSite.status).toBe(403);
    expect(await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(account.email).first()).not.toBeNull();
  });

  it("limits delete attempts per account", async () => {
    const account = await signedInAccount();
    await clearOfTheWindowEnd(RATE_LIMITS.accountDelete, 30);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await sendWithCookies("POST", "/api/account/delete", account.cookies, { password: `wrong-password-${i}` })).status);
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect(await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(account.email).first()).not.toBeNull();
  });
});

describe("deleting a passwordless account with an emailed code", () => {
  it("sends a deletion code, refuses sign-in codes and wrong codes, and deletes with the right one", async () => {
    const { email, userId, cookies } = await passwordlessAccount();
    expect(await (await getWithCookies("/api/account/settings", cookies)).json()).toEqual({ historyRetentionDays: null, hasPassword: false });
    await addTranslation(userId);

    const sent = await sendWithCookies("POST", "/api/account/delete/code", cookies);
    expect(sent.status).toBe(200);
    const deletionCode = await lastCode(email);
    expect(
      (await env.DB.prepare('SELECT subject FROM mail_outbox WHERE "to" = ? ORDER BY created_at DESC, rowid DESC LIMIT 1')
        .bind(email)
        .first<{ subject: string }>())!.subject,
    ).toBe(`Your code to delete your Parley account: ${deletionCode}`);

    // A deletion code does not sign anyone in…
    const asSignIn = await postJson("/api/auth/verify", { type: "email", email, token: deletionCode });
    expect(asSignIn.status).toBe(400);
    // …and a sign-in code does not delete.
    await postJsonWithProof("/api/auth/otp", { email });
    const signInCode = await lastCode(email);
    const withSignInCode = await sendWithCookies("POST", "/api/account/delete", cookies, { code: signInCode });
    expect(withSignInCode.status).toBe(400);
    expect(((await withSignInCode.json()) as { error: { code: string } }).error.code).toBe("invalid_code");
    const wrong = await sendWithCookies("POST", "/api/account/delete", cookies, { code: deletionCode === "000000" ? "111111" : "000000" });
    expect(wrong.status).toBe(400);
    expect(await env.DB.prepare("SELECT id FROM users WHERE id = ?").bind(userId).first()).not.toBeNull();

    const deleted = await sendWithCookies("POST", "/api/account/delete", cookies, { code: deletionCode });
    expect(deleted.status).toBe(200);
    expect(await ownedRowCounts(userId, email)).toEqual(Object.fromEntries(OWNED_ROWS.map(([table]) => [table, 0])));
    expect((await getWithCookies("/api/account/settings", cookies)).status).toBe(401);
  });

  it("limits how many codes can be sent", async () => {
    const { cookies } = await passwordlessAccount();
    await clearOfTheWindowEnd(RATE_LIMITS.accountDeleteCode, 20);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await sendWithCookies("POST", "/api/account/delete/code", cookies)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
