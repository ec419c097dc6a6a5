import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { database } from "@worker/db/client";
import { REFRESH_REUSE_GRACE_MS, rotateRefreshToken } from "@worker/services/auth/sessions";
import { signAccessToken } from "@worker/services/auth/tokens";
import { confirmedAccount, getWithCookies, GOOD_PASSWORD, responseCookies, sendWithCookies } from "../support/auth";
import { ORIGIN } from "../support/requests";
import { SELF } from "cloudflare:test";

const base64url = (value: string) => btoa(value).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");

function bearer(path: string, token: string, method = "GET", body?: unknown) {
  return SELF.fetch(`${ORIGIN}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** An endpoint that needs a signed-in user: 401 proves the token was not accepted. (Issue 16: it needs the current password too.) */
const updatePassword = (token: string) =>
  bearer("/api/auth/user", token, "PUT", { password: "granite-meadow-compass-9", currentPassword: GOOD_PASSWORD });

describe("access tokens", () => {
  it("a valid access token works as Authorization: Bearer", async () => {
    const { cookies, email } = await confirmedAccount();
    const response = await bearer("/api/auth/session", cookies.parley_access!);
    expect(((await response.json()) as { session: { user: { email: string } } }).session.user.email).toBe(email);
  });

  it("refuses tampered, expired, alg:none and foreign-key tokens with 401", async () => {
    const { cookies, body } = await confirmedAccount();
    const token = cookies.parley_access!;
    const [header, payload, signature] = token.split(".") as [string, string, string];
    const claims = JSON.parse(atob(payload.replaceAll("-", "+").replaceAll("_", "/")));

    const tamperedPayload = `${header}.${base64url(JSON.stringify({ ...claims, sub: "someone-else" }))}.${signature}`;
    const tamperedSignature = `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith("AA") ? "BB" : "AA"}`;
    const algNone = `${base64url(JSON.stringify({ alg: "none", typ: "JWT" }))}.${payload}.`;
    const expired = await signAccessToken(
      { sub: body.session.user.id, email: body.session.user.email, sid: claims.sid },
      env.AUTH_SECRET,
      Date.now() - 16 * 60 * 1000,
    );
    const foreignKey = await signAccessToken(
      { sub: body.session.user.id, email: body.session.user.email, sid: claims.sid },
      "a-different-secret-that-is-long-enough-000",
    );

    for (const bad of [tamperedPayload, tamperedSignature, algNone, expired, foreignKey, "not-a-jwt"]) {
      const response = await updatePassword(bad);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: { code: "not_signed_in", message: "Not signed in" } });
    }
    expect((await updatePassword(token)).status).toBe(200);
  });

  it("an expired access cookie is renewed from the refresh cookie on the next request", async () => {
    const { cookies, body } = await confirmedAccount();
    const claims = JSON.parse(atob(cookies.parley_access!.split(".")[1]!.replaceAll("-", "+").replaceAll("_", "/")));
    const expired = await signAccessToken(
      { sub: body.session.user.id, email: body.session.user.email, sid: claims.sid },
      env.AUTH_SECRET,
      Date.now() - 16 * 60 * 1000,
    );
    const response = await getWithCookies("/about", { parley_access: expired, parley_refresh: cookies.parley_refresh! });
    expect(response.status).toBe(200);
    const renewed = responseCookies(response);
    expect(renewed.parley_access).toBeTruthy();
    expect(renewed.parley_refresh).not.toBe(cookies.parley_refresh);
  });
});

describe("refresh tokens", () => {
  it("rotate on every refresh", async () => {
    const { cookies } = await confirmedAccount();
    const first = await sendWithCookies("POST", "/api/auth/refresh", { parley_refresh: cookies.parley_refresh! });
    expect(first.status).toBe(200);
    const rotated = responseCookies(first);
    expect(rotated.parley_refresh).toBeTruthy();
    expect(rotated.parley_refresh).not.toBe(cookies.parley_refresh);
    const second = await sendWithCookies("POST", "/api/auth/refresh", { parley_refresh: rotated.parley_refresh! });
    expect(second.status).toBe(200);
  });

  it("reusing a rotated token after the grace window revokes the whole family", async () => {
    const { cookies } = await confirmedAccount();
    const db = database(env.DB);
    const now = Date.now();
    const first = await rotateRefreshToken(db, cookies.parley_refresh!, env.AUTH_SECRET, now);
    expect(first.ok).toBe(true);
    const child = first.ok ? first.session.refreshToken : "";

    // The stolen parent shows up again later: the family (child included) is revoked.
    const replay = await rotateRefreshToken(db, cookies.parley_refresh!, env.AUTH_SECRET, now + REFRESH_REUSE_GRACE_MS + 1000);
    expect(replay).toEqual({ ok: false, reason: "reused" });
    expect(await rotateRefreshToken(db, child, env.AUTH_SECRET, now + REFRESH_REUSE_GRACE_MS + 2000)).toEqual({ ok: false, reason: "revoked" });
    // And so is every access token of the family.
    const first2 = first.ok ? first.session.accessToken : "";
    expect((await updatePassword(first2)).status).toBe(401);
  });

  it("two tabs refreshing at the same moment both stay signed in (grace window)", async () => {
    const { cookies } = await confirmedAccount();
    const db = database(env.DB);
    const now = Date.now();
    const [a, b] = await Promise.all([
      rotateRefreshToken(db, cookies.parley_refresh!, env.AUTH_SECRET, now),
      rotateRefreshToken(db, cookies.parley_refresh!, env.AUTH_SECRET, now + 50),
    ]);
    expect(a.ok && b.ok).toBe(true);
  });

  it("an unknown refresh token is refused and the cookies are cleared", async () => {
    const response = await sendWithCookies("POST", "/api/auth/refresh", { parley_refresh: "made-up-token" });
    expect(response.status).toBe(401);
    expect(response.headers.getSetCookie().filter((header) => header.includes("Max-Age=0"))).toHaveLength(2);
  });
});

describe("POST /api/auth/refresh", () => {
  it("rotates even while the access token is still valid (the client refreshes 90 s before expiry)", async () => {
    const { cookies } = await confirmedAccount();
    const response = await sendWithCookies("POST", "/api/auth/refresh", cookies);
    expect(response.status).toBe(200);
    const rotated = responseCookies(response);
    expect(rotated.parley_refresh).toBeTruthy();
    expect(rotated.parley_refresh).not.toBe(cookies.parley_refresh);
    expect(rotated.parley_access).toBeTruthy();
  });
});
