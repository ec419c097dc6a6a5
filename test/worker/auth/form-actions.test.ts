// The sign-in screen without JavaScript: the browser posts each form to /auth (or /login), whose action runs the
// same services, schemas and rate limits as /api/auth. Signing in is a redirect to `next` with the session's cookies.
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { COMMON_PASSWORD_MESSAGE } from "@core/schemas/auth";
import {
  confirmedAccount,
  cookieHeader,
  emailCount,
  getWithCookies,
  GOOD_PASSWORD,
  lastCode,
  lastLink,
  responseCookies,
  signedInAccount,
  uniqueEmail,
} from "../support/auth";
import { RATE_LIMITS } from "@worker/lib/rate-limit-rules";
import { ORIGIN, postForm, postJson } from "../support/requests";
import { postJsonWithProof, postFormWithProof } from "../support/proof";
import { clearOfTheWindowEnd } from "../support/rate-limits";

type SessionBody = { session: { user: { email: string } } | null };

async function sessionOf(cookies: Record<string, string>) {
  return ((await (await getWithCookies("/api/auth/session", cookies)).json()) as SessionBody).session;
}

/** A form post that answered with a page: its status and HTML. */
async function page(response: Response) {
  return { status: response.status, html: await response.text(), cookies: response.headers.getSetCookie().length };
}

/** What a visitor reads of an answer (the page's <main>), with the address they typed replaced. */
async function mainOf(response: Response, email: string) {
  const { status, html, cookies } = await page(response);
  return { status, cookies, main: html.slice(html.indexOf("<main"), html.indexOf("</main>")).replaceAll(email, "EMAIL") };
}

describe("sign in (no JavaScript)", () => {
  it("signs in with the right password: a redirect to the safe next, with the session's cookies", async () => {
    const { email } = await signedInAccount();
    const response = await postForm("/auth?next=%2Fabout", { intent: "sign_in", email, password: GOOD_PASSWORD });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/about");
    const cookies = responseCookies(response);
    expect(Object.keys(cookies).sort()).toEqual(["parley_access", "parley_refresh"]);
    expect((await sessionOf(cookies))?.user.email).toBe(email);
  });

  it("sends a hostile next to /account, on /login too", async () => {
    const { email } = await signedInAccount();
    const response = await postForm("/login?next=%2F%2Fevil.example", { intent: "sign_in", email, password: GOOD_PASSWORD });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/account");
  });

  it("answers a wrong password and an unknown address like the API, in the red box, without echoing the password", async () => {
    const { email } = await signedInAccount();
    const password = "not-the-password-1";
    const wrong = await page(await postForm("/auth", { intent: "sign_in", email, password }));
    const unknown = await page(await postForm("/auth", { intent: "sign_in", email: uniqueEmail("nobody"), password }));
    const api = await postJson("/api/auth/token", { email, password });
    for (const answer of [wrong, unknown]) {
      expect(answer.status).toBe(api.status);
      expect(answer.cookies).toBe(0);
      expect(answer.html).toContain('role="alert"');
      expect(answer.html).toContain("Invalid login credentials");
      expect(answer.html).not.toContain(password);
    }
    expect(await api.json()).toEqual({ error: { code: "invalid_credentials", message: "Invalid login credentials" } });
    // What was typed stays, except the password.
    expect(wrong.html).toContain(`value="${email}"`);
  });

  it("refuses an unconfirmed account as the API does", async () => {
    const email = uniqueEmail("pending");
    await postJsonWithProof("/api/auth/signup", { email, password: GOOD_PASSWORD });
    const answer = await page(await postForm("/auth", { intent: "sign_in", email, password: GOOD_PASSWORD }));
    expect(answer.status).toBe(403);
    expect(answer.html).toContain("Email not confirmed");
  });

  it("explains an empty email and sends nothing", async () => {
    const answer = await page(await postFormWithProof("/auth?view=magic_link", { intent: "magic_link", email: "  " }));
    expect(answer.status).toBe(400);
    expect(answer.html).toContain("Please enter your email address.");
  });

  it("shares the API's per-email sign-in limit", async () => {
    const { email } = await signedInAccount();
    await clearOfTheWindowEnd(RATE_LIMITS.signInEmail, 30);
    for (let i = 0; i < 10; i++) expect((await postForm("/auth", { intent: "sign_in", email, password: `wrong-password-${i}` })).status).toBe(400);
    const limited = await postForm("/auth", { intent: "sign_in", email, password: GOOD_PASSWORD });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("refuses a post from another site, setting no cookie", async () => {
    const { email } = await signedInAccount();
    const response = await postForm(
      "/auth",
      { intent: "sign_in", email, password: GOOD_PASSWORD },
      { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    );
    expect(response.status).toBe(403);
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});

describe("sign up and emailed links (no JavaScript)", () => {
  it("signs up: the page asks to confirm the address, the same for a new and a registered one", async () => {
    const fresh = uniqueEmail("form-signup");
    const { email: registered } = await signedInAccount();
    const answers = [];
    for (const email of [fresh, registered]) {
      answers.push(
        await mainOf(await postFormWithProof("/auth?view=sign_up&next=%2Fabout", { intent: "sign_up", email, password: GOOD_PASSWORD }), email),
      );
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]!.status).toBe(200);
    expect(answers[0]!.cookies).toBe(0);
    expect(answers[0]!.main).toContain("Check your email for the confirmation link");
    expect(answers[0]!.main).not.toContain(GOOD_PASSWORD);
    expect((await lastLink(fresh)).searchParams.get("next")).toBe("/about");
  });

  it("refuses a common password with the API's message, without echoing it", async () => {
    const answer = await page(
      await postFormWithProof("/auth?view=sign_up", { intent: "sign_up", email: uniqueEmail("weak"), password: "password123" }),
    );
    expect(answer.status).toBe(400);
    expect(answer.html).toContain(COMMON_PASSWORD_MESSAGE);
    expect(answer.html).not.toContain("password123");
  });

  it("the confirmation link shows a button without JavaScript; posting it confirms and signs in", async () => {
    const email = uniqueEmail("form-confirm");
    await postJsonWithProof("/api/auth/signup", { email, password: GOOD_PASSWORD, options: { emailRedirectTo: `${ORIGIN}/auth?next=/timeline` } });
    const link = await lastLink(email);
    const shown = await (await SELF.fetch(link)).text();
    expect(shown).toContain("<noscript>");
    expect(shown).toContain('name="intent" value="verify_link"');
    // Opening the link spends nothing: the token still works once posted.
    const fields = { intent: "verify_link", type: link.searchParams.get("type")!, token_hash: link.searchParams.get("token_hash")! };
    const response = await postForm("/auth?next=%2Ftimeline", fields);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/timeline");
    expect((await sessionOf(responseCookies(response)))?.user.email).toBe(email);

    const again = await page(await postForm("/auth?next=%2Ftimeline", fields));
    expect(again.status).toBe(400);
    expect(again.html).toContain("Token has expired or is invalid");
    expect(again.html).not.toContain(fields.token_hash);
  });

  it("a magic link is requested and used without JavaScript; the answer is the same for an unknown address", async () => {
    const { email: known } = await signedInAccount();
    const unknown = uniqueEmail("form-magic");
    const answers = [];
    for (const email of [known, unknown]) {
      answers.push(await mainOf(await postFormWithProof("/auth?view=magic_link&next=%2Fabout", { intent: "magic_link", email }), email));
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]!.main).toContain("Check your email for the magic link");

    const link = await lastLink(unknown);
    const response = await postForm("/auth?view=magic_link&next=%2Fabout", {
      intent: "verify_link",
      type: link.searchParams.get("type")!,
      token_hash: link.searchParams.get("token_hash")!,
    });
    expect(response.headers.get("location")).toBe("/about");
    expect((await sessionOf(responseCookies(response)))?.user.email).toBe(unknown);
  });

  it("sends a code, refuses a wrong one without echoing it, and signs in with the right one", async () => {
    const email = uniqueEmail("form-code");
    const sent = await page(await postFormWithProof("/auth?view=verify_otp&next=%2Fabout", { intent: "send_code", email }));
    expect(sent.status).toBe(200);
    expect(sent.html).toContain("Check your email for the 6-digit code");
    expect(sent.html).toContain("6-digit code");
    const code = await lastCode(email);
    const wrongCode = code === "123456" ? "654321" : "123456";

    const wrong = await page(await postForm("/auth?view=verify_otp&next=%2Fabout", { intent: "verify_code", email, token: wrongCode }));
    expect(wrong.status).toBe(400);
    expect(wrong.html).toContain("Token has expired or is invalid");
    expect(wrong.html).not.toContain(wrongCode);
    // Still on the code step, for the same address.
    expect(wrong.html).toContain(`value="${email}"`);

    const right = await postForm("/auth?view=verify_otp&next=%2Fabout", { intent: "verify_code", email, token: code });
    expect(right.status).toBe(302);
    expect(right.headers.get("location")).toBe("/about");
    expect((await sessionOf(responseCookies(right)))?.user.email).toBe(email);
  });
});

describe("forgotten password and sign-out (no JavaScript)", () => {
  it("emails a reset link whose post opens update password, signed in; the new password replaces the old", async () => {
    const { email, password } = await confirmedAccount();
    const requested = await page(await postFormWithProof("/auth?view=forgotten_password&next=%2Fabout", { intent: "forgotten_password", email }));
    expect(requested.html).toContain("Check your email for the password reset link");
    expect(await emailCount(uniqueEmail("no-account"))).toBe(0);

    const link = await lastLink(email);
    const verified = await postForm("/auth?view=forgotten_password&next=%2Fabout", {
      intent: "verify_link",
      type: "recovery",
      token_hash: link.searchParams.get("token_hash")!,
    });
    expect(verified.status).toBe(302);
    expect(verified.headers.get("location")).toBe("/auth?view=update_password&next=%2Fabout");
    const cookies = responseCookies(verified);

    const newPassword = "granite-meadow-compass-9";
    const updated = await page(
      await postForm(
        "/auth?view=update_password&next=%2Fabout",
        { intent: "update_password", password: newPassword },
        { cookie: cookieHeader(cookies) },
      ),
    );
    expect(updated.status).toBe(200);
    expect(updated.html).toContain("Your password has been updated");
    expect(updated.html).not.toContain(newPassword);
    expect((await postJson("/api/auth/token", { email, password })).status).toBe(400);
    expect((await postJson("/api/auth/token", { email, password: newPassword })).status).toBe(200);
  });

  it("updating the password needs a session", async () => {
    const answer = await page(await postForm("/auth?view=update_password", { intent: "update_password", password: "granite-meadow-compass-9" }));
    expect(answer.status).toBe(401);
    expect(answer.html).toContain("Not signed in");
  });

  it("the sign-out form ends the session and goes home with cleared cookies", async () => {
    const { cookies } = await signedInAccount();
    const response = await postForm("/auth/sign-out", {}, { cookie: cookieHeader(cookies) });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
    expect(response.headers.getSetCookie().filter((header) => header.includes("Max-Age=0"))).toHaveLength(2);
    expect(await sessionOf(cookies)).toBeNull();
  });

  it("refuses a sign-out posted from another site", async () => {
    const { cookies } = await signedInAccount();
    const response = await postForm(
      "/auth/sign-out",
      {},
      { cookie: cookieHeader(cookies), origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    );
    expect(response.status).toBe(403);
    expect(await sessionOf(cookies)).not.toBeNull();
  });
});
