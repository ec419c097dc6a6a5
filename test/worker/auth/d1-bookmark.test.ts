// docs/decisions/0028-the-d1-round-trip-budget.md: every request reads D1 through a Sessions API session, and a signed-in
// browser carries the session's bookmark in a cookie, so that its next request reads at least as far (its own writes).
import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { BOOKMARK_COOKIE } from "@worker/lib/d1-session";
import { getWithCookies, responseCookies, sendWithCookies, signedInAccount } from "../support/auth";
import { ORIGIN } from "../support/requests";

beforeAll(async () => {
  // The first server render transforms the app on demand: done here, with time for a busy machine.
  await (await SELF.fetch(`${ORIGIN}/about`)).arrayBuffer();
}, 120_000);

const bookmarkCookieOf = (response: Response) => response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${BOOKMARK_COOKIE}=`));

describe("the D1 bookmark cookie", () => {
  it("is HttpOnly, Secure and SameSite=Lax, and the next request reads the write it follows", async () => {
    const { cookies } = await signedInAccount();
    const saved = await sendWithCookies("PUT", "/api/account/settings", cookies, { historyRetentionDays: 30 });
    expect(saved.status).toBe(200);
    const cookie = bookmarkCookieOf(saved);
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Secure/);
    const bookmark = responseCookies(saved)[BOOKMARK_COOKIE]!;
    const read = await getWithCookies("/api/account/settings", { ...cookies, [BOOKMARK_COOKIE]: bookmark });
    expect(((await read.json()) as { historyRetentionDays: number | null }).historyRetentionDays).toBe(30);
  });

  it.skipIf(!inject("apertiumAvailable"))("sends the next request to the primary after a write left for after the answer", async () => {
    const { cookies } = await signedInAccount();
    const translated = await sendWithCookies("POST", "/api/translate", cookies, { source: "en", target: "es", text: "The house is red." });
    expect(translated.status).toBe(200);
    // The history row is written after the answer (waitUntil): no bookmark can include it yet.
    const bookmark = responseCookies(translated)[BOOKMARK_COOKIE];
    expect(bookmark).toBe("first-primary");
    const history = await getWithCookies("/api/translate", { ...cookies, [BOOKMARK_COOKIE]: bookmark! });
    const { translations } = (await history.json()) as { translations: { text: string }[] };
    expect(translations).toHaveLength(1);
  });

  it("goes with the session's cookies on sign-out", async () => {
    const { cookies } = await signedInAccount();
    const saved = await sendWithCookies("PUT", "/api/account/settings", cookies, { historyRetentionDays: 7 });
    const bookmark = responseCookies(saved)[BOOKMARK_COOKIE]!;
    const signedOut = await sendWithCookies("POST", "/api/auth/logout", { ...cookies, [BOOKMARK_COOKIE]: bookmark });
    expect(signedOut.status).toBe(200);
    expect(bookmarkCookieOf(signedOut)).toMatch(/^parley_d1=; .*Max-Age=0/);
  });

  it("is never set on a signed-out visitor's answers", async () => {
    expect(bookmarkCookieOf(await SELF.fetch(`${ORIGIN}/blog`))).toBeUndefined();
    expect(bookmarkCookieOf(await SELF.fetch(`${ORIGIN}/api/blog/posts`))).toBeUndefined();
  });
});
