// docs/decisions/0028-the-d1-round-trip-budget.md: a read is prepared on the access token's word while D1 confirms the
// session, and nothing leaves until D1 has agreed; a translation checks the session in the statement that counts its
// rate limit. A revoked session is refused on its very next request, even while its access token has not expired.
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { signAccessToken } from "@worker/services/auth/tokens";
import { RATE_LIMITS } from "@worker/lib/rate-limit-rules";
import { cookieHeader, getWithCookies, ownerAccount, sendWithCookies, signedInAccount } from "../support/auth";
import { ORIGIN } from "../support/requests";
import { fillWindow } from "../support/rate-limits";

type Claims = { sub: string; email: string; sid: string };
const claimsOf = (token: string): Claims => JSON.parse(atob(token.split(".")[1]!.replaceAll("-", "+").replaceAll("_", "/")));

/** Revokes the session in D1 only (as another device's sign-out would), leaving the access token unexpired. */
async function revokeInD1(familyId: string) {
  await env.DB.prepare("UPDATE refresh_tokens SET revoked_at = ? WHERE family_id = ?").bind(Date.now(), familyId).run();
}

beforeAll(async () => {
  // The first server render transforms the app on demand: done here, with time for a busy machine.
  await (await SELF.fetch(`${ORIGIN}/about`)).arrayBuffer();
}, 120_000);

describe("the session check alongside the work", () => {
  it("refuses a revoked session at once: API reads, pages and the translator", async () => {
    const { cookies, body } = await signedInAccount();
    const accessOnly = { parley_access: cookies.parley_access! };
    expect((await getWithCookies("/api/conversations", accessOnly)).status).toBe(200);
    await revokeInD1(claimsOf(cookies.parley_access!).sid);

    expect((await getWithCookies("/api/conversations", accessOnly)).status).toBe(401);
    const session = await getWithCookies("/api/auth/session", cookies);
    expect(await session.json()).toEqual({ session: null });
    // The revoked refresh cookie is cleared too, as before.
    expect(session.headers.getSetCookie().some((cookie) => cookie.startsWith("parley_refresh=;"))).toBe(true);
    const page = await SELF.fetch(`${ORIGIN}/account`, { headers: { cookie: cookieHeader(accessOnly) }, redirect: "manual" });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/auth?next=%2Faccount");
    const chat = await getWithCookies("/ai", accessOnly);
    expect(await chat.text()).not.toContain(body.session.user.email);

    const translated = await sendWithCookies("POST", "/api/translate", accessOnly, { source: "en", target: "es", text: "Hello" });
    expect(translated.status).toBe(401);
    // Refused in the statement that would have counted it: nothing counted.
    const counted = await env.DB.prepare("SELECT count(*) AS n FROM rate_limits WHERE key = ?")
      .bind(`translate:${body.session.user.id}`)
      .first<{ n: number }>();
    expect(counted?.n).toBe(0);
  });

  it("answers from D1's word when the token's claims are out of date (an owner flag, an email)", async () => {
    const owner = await ownerAccount();
    const claims = claimsOf(owner.cookies.parley_access!);
    // A token signed before the `own` claim existed, or before the account became the owner's.
    const withoutOwn = await signAccessToken({ sub: claims.sub, email: claims.email, sid: claims.sid }, env.AUTH_SECRET);
    const session = await getWithCookies("/api/auth/session", { parley_access: withoutOwn });
    expect(((await session.json()) as { session: { user: { isOwner: boolean } } }).session.user.isOwner).toBe(true);
    expect((await getWithCookies("/api/studio/posts", { parley_access: withoutOwn })).status).toBe(200);

    const reader = await signedInAccount();
    const readerClaims = claimsOf(reader.cookies.parley_access!);
    // A token that claims more than D1 says (an owner flag removed since) is held to D1's word.
    const claimsOwner = await signAccessToken({ ...readerClaims, own: true }, env.AUTH_SECRET);
    expect((await getWithCookies("/api/studio/posts", { parley_access: claimsOwner })).status).toBe(403);
    expect((await getWithCookies("/studio/posts", { parley_access: claimsOwner })).status).toBe(403);
    const staleEmail = await signAccessToken({ ...readerClaims, email: "old-address@example.com" }, env.AUTH_SECRET);
    const stale = await getWithCookies("/api/auth/session", { parley_access: staleEmail });
    expect(((await stale.json()) as { session: { user: { email: string } } }).session.user.email).toBe(reader.email);
  });

  it("still counts a translation's rate limit per user", async () => {
    const { cookies, body } = await signedInAccount();
    await fillWindow(RATE_LIMITS.translate, body.session.user.id, RATE_LIMITS.translate.limit - 1);
    // The 60th request of the minute is allowed (whatever the engine answers), the 61st is refused.
    const sixtieth = await sendWithCookies("POST", "/api/translate", cookies, { source: "en", target: "es", text: "Hello" });
    expect(sixtieth.status).not.toBe(429);
    const sixtyFirst = await sendWithCookies("POST", "/api/translate", cookies, { source: "en", target: "es", text: "Hello" });
    expect(sixtyFirst.status).toBe(429);
  });
});
