// The signed-in devices list (docs/product.md#accounts, docs/decisions/0014-session-list.md): /api/account/sessions
// and the account page's forms. Sessions are signed in through the real password sign-in with a browser's user
// agent, so that their labels come from it.
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ActiveSession } from "@core/schemas/session-list";
import { database } from "@worker/db/client";
import { refreshTokens } from "@worker/db/schema";
import { deviceLabel } from "@core/device-label";
import { pruneRefreshTokens, REFRESH_TOKEN_TTL_MS, rotateRefreshToken } from "@worker/services/auth/sessions";
import { randomToken, sha256Hex } from "@worker/services/auth/tokens";
import { RATE_LIMITS } from "@worker/lib/rate-limit-rules";
import { cookieHeader, getWithCookies, GOOD_PASSWORD, responseCookies, sendWithCookies, signedInAccount, signedInRequest } from "../support/auth";
import { ORIGIN, postForm, postJson } from "../support/requests";
import { clearOfTheWindowEnd } from "../support/rate-limits";

type Cookies = Record<string, string>;

const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const EDGE_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0";
const CHROME_ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";

const db = database(env.DB);

/** Signs `email` in with the password from a browser with this user agent: a new session, its cookies. */
async function signInFrom(email: string, userAgent: string): Promise<Cookies> {
  const response = await postJson("/api/auth/token", { email, password: GOOD_PASSWORD }, { "user-agent": userAgent });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return responseCookies(response);
}

/** An account signed in on two devices: Firefox on Linux (the one acting) and Safari on iPhone. */
async function accountOnTwoDevices() {
  const { email, body } = await signedInAccount();
  const laptop = await signInFrom(email, FIREFOX_LINUX);
  const phone = await signInFrom(email, SAFARI_IPHONE);
  return { email, userId: body.session.user.id, laptop, phone };
}

async function listOf(cookies: Cookies) {
  const response = await getWithCookies("/api/account/sessions", cookies);
  expect(response.status).toBe(200);
  return ((await response.json()) as { sessions: ActiveSession[] }).sessions;
}

const sessionIdOf = (sessions: ActiveSession[], label: string) => {
  const session = sessions.find((candidate) => candidate.label === label);
  if (!session) throw new Error(`no session labelled ${label}`);
  return session.id;
};

/** Whether these cookies still make a session: a signed-in-only API read. */
const statusWith = async (cookies: Cookies) => (await getWithCookies("/api/account/sessions", cookies)).status;

const postAccountForm = (fields: Record<string, string>, cookies: Cookies) => postForm("/account", fields, { cookie: cookieHeader(cookies) });

describe("device labels", () => {
  it("are coarse: a browser and a system, from bowser's own names only", () => {
    expect(deviceLabel(FIREFOX_LINUX)).toBe("Firefox on Linux");
    expect(deviceLabel(SAFARI_IPHONE)).toBe("Safari on iPhone");
    expect(deviceLabel(EDGE_WINDOWS)).toBe("Microsoft Edge on Windows");
    expect(deviceLabel(CHROME_ANDROID)).toBe("Chrome on Android");
    expect(deviceLabel("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36")).toBe(
      "Chrome on Linux",
    );
    // A user agent's own words never become a label.
    expect(deviceLabel("Call 555-0100 now/1.0 (anything)")).toBeNull();
    expect(deviceLabel("curl/8.5.0")).toBeNull();
    expect(deviceLabel("")).toBeNull();
    expect(deviceLabel(null)).toBeNull();
  });
});

describe("GET /api/account/sessions", () => {
  it("lists only the user's live sessions, labelled from their user agents, this one marked", async () => {
    const { email, laptop } = await accountOnTwoDevices();
    const stranger = await signedInAccount();
    await signInFrom(stranger.email, EDGE_WINDOWS);

    const response = await getWithCookies("/api/account/sessions", laptop);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const sessions = ((await response.json()) as { sessions: ActiveSession[] }).sessions;
    // The login fixture's session sent no user agent.
    expect(sessions.map((session) => session.label).sort()).toEqual(["Firefox on Linux", "Safari on iPhone", "Unknown device"]);
    expect(sessions.filter((session) => session.current).map((session) => session.label)).toEqual(["Firefox on Linux"]);
    for (const session of sessions) {
      expect(Object.keys(session).sort()).toEqual(["createdAt", "current", "id", "label", "lastUsedAt"]);
      expect(session.lastUsedAt).toBeGreaterThanOrEqual(session.createdAt);
    }
    // Nothing but the label is kept of the user agent, and no address at all.
    const stored = await env.DB.prepare("SELECT * FROM session_devices WHERE user_id = (SELECT id FROM users WHERE email = ?)").bind(email).all();
    expect(JSON.stringify(stored.results)).not.toMatch(/Mozilla|Gecko|198\.51\./);
    expect(Object.keys(stored.results[0]!).sort()).toEqual(["created_at", "family_id", "label", "last_used_at", "user_id"]);
  });

  it("is for signed-in users only", async () => {
    expect(await statusWith({})).toBe(401);
  });

  it("records the last use when the refresh token rotates, and labels a session from before the list at its next refresh", async () => {
    const { userId, laptop, phone } = await accountOnTwoDevices();
    const phoneId = sessionIdOf(await listOf(laptop), "Safari on iPhone");
    const later = Date.now() + 20 * 60 * 1000;
    const rotated = await rotateRefreshToken(db, phone.parley_refresh!, env.AUTH_SECRET, later, { userAgent: FIREFOX_LINUX });
    expect(rotated.ok).toBe(true);
    const phoneNow = (await listOf(laptop)).find((session) => session.id === phoneId)!;
    expect(phoneNow.lastUsedAt).toBe(later);
    // The label is the sign-in's; a rotation only says when.
    expect(phoneNow.label).toBe("Safari on iPhone");

    // A family started before session_devices existed has no row until it refreshes.
    const token = randomToken();
    const familyId = crypto.randomUUID();
    await db.insert(refreshTokens).values({
      id: crypto.randomUUID(),
      userId,
      familyId,
      tokenHash: await sha256Hex(token),
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
    });
    expect((await listOf(laptop)).some((session) => session.id === familyId)).toBe(false);
    const refresh = signedInRequest("POST", "/api/auth/refresh", { parley_refresh: token }, undefined, { "user-agent": CHROME_ANDROID });
    expect((await SELF.fetch(refresh)).status).toBe(200);
    expect((await listOf(laptop)).find((session) => session.id === familyId)?.label).toBe("Chrome on Android");
  });
});

describe("DELETE /api/account/sessions/:id", () => {
  it("signs that session out at once: its unexpired access token and its refresh token stop working", async () => {
    const { laptop, phone } = await accountOnTwoDevices();
    expect(await statusWith(phone)).toBe(200);
    const phoneId = sessionIdOf(await listOf(laptop), "Safari on iPhone");

    const response = await sendWithCookies("DELETE", `/api/account/sessions/${phoneId}`, laptop);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ label: "Safari on iPhone", current: false });
    expect(response.headers.getSetCookie().some((cookie) => /max-age=0/i.test(cookie))).toBe(false);

    expect(await statusWith({ parley_access: phone.parley_access! })).toBe(401);
    expect(await statusWith(phone)).toBe(401);
    expect((await sendWithCookies("POST", "/api/auth/refresh", { parley_refresh: phone.parley_refresh! })).status).toBe(401);
    const page = await SELF.fetch(`${ORIGIN}/account`, { headers: { cookie: cookieHeader(phone) }, redirect: "manual" });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/auth?next=%2Faccount");

    expect(await statusWith(laptop)).toBe(200);
    expect((await listOf(laptop)).map((session) => session.label)).not.toContain("Safari on iPhone");
    // Already ended: nothing to sign out.
    expect((await sendWithCookies("DELETE", `/api/account/sessions/${phoneId}`, laptop)).status).toBe(404);
  });

  it("answers 404 for another user's session, and signs nothing out", async () => {
    const { laptop } = await accountOnTwoDevices();
    const stranger = await signedInAccount();
    const strangerLaptop = await signInFrom(stranger.email, FIREFOX_LINUX);
    const strangerId = (await listOf(strangerLaptop)).find((session) => session.current)!.id;

    const response = await sendWithCookies("DELETE", `/api/account/sessions/${strangerId}`, laptop);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("session_not_found");
    expect(await statusWith(strangerLaptop)).toBe(200);
    expect(await statusWith(stranger.cookies)).toBe(200);
    expect((await sendWithCookies("DELETE", "/api/account/sessions/no-such-session", laptop)).status).toBe(404);
  });

  it("signing out this very session clears its cookies", async () => {
    const { laptop, phone } = await accountOnTwoDevices();
    const laptopId = (await listOf(laptop)).find((session) => session.current)!.id;
    const response = await sendWithCookies("DELETE", `/api/account/sessions/${laptopId}`, laptop);
    expect(await response.json()).toEqual({ label: "Firefox on Linux", current: true });
    const cleared = response.headers.getSetCookie();
    expect(cleared.length).toBe(2);
    expect(cleared.every((cookie) => /max-age=0/i.test(cookie))).toBe(true);
    expect(await statusWith(laptop)).toBe(401);
    expect(await statusWith(phone)).toBe(200);
  });

  it("is limited per user", async () => {
    const { laptop } = await accountOnTwoDevices();
    await clearOfTheWindowEnd(RATE_LIMITS.sessionSignOut, 30);
    for (let attempt = 0; attempt < 30; attempt++) {
      expect((await sendWithCookies("DELETE", `/api/account/sessions/missing-${attempt}`, laptop)).status).toBe(404);
    }
    const limited = await sendWithCookies("POST", "/api/account/sessions/sign-out-others", laptop);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBeTruthy();
    expect((await listOf(laptop)).length).toBe(3);
  });
});

describe("POST /api/account/sessions/sign-out-others", () => {
  it("signs out every other session of the user and keeps this one", async () => {
    const { laptop, phone } = await accountOnTwoDevices();
    const stranger = await signedInAccount();
    const response = await sendWithCookies("POST", "/api/account/sessions/sign-out-others", laptop);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ count: 2 });
    expect(await statusWith(phone)).toBe(401);
    expect(await statusWith(laptop)).toBe(200);
    expect(await statusWith(stranger.cookies)).toBe(200);
    expect((await listOf(laptop)).map((session) => [session.label, session.current])).toEqual([["Firefox on Linux", true]]);
  });
});

describe("the account page's session forms (no JavaScript)", () => {
  it("lists the sessions in the page, this device marked, every other one with its own sign-out button", async () => {
    const { laptop } = await accountOnTwoDevices();
    const html = await (await getWithCookies("/account", laptop)).text();
    expect(html).toContain("Signed-in devices");
    expect(html).toContain("Safari on iPhone");
    expect(html).toContain("This device");
    // This device has no button of its own: the page's Sign out ends it.
    expect(html.match(/name="intent" value="sign-out-session"/g)?.length).toBe(2);
    expect(html).toContain("Sign out all other devices");
    expect(html).not.toContain(FIREFOX_LINUX);
  });

  it("signs one session out and says so in the page", async () => {
    const { laptop, phone } = await accountOnTwoDevices();
    const phoneId = sessionIdOf(await listOf(laptop), "Safari on iPhone");
    const response = await postAccountForm({ intent: "sign-out-session", session: phoneId }, laptop);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Safari on iPhone is signed out. It loses access on its next request.");
    expect(await statusWith(phone)).toBe(401);
    expect(await statusWith(laptop)).toBe(200);
  });

  it("refuses another user's session with a 404 and signs nothing out", async () => {
    const { laptop } = await accountOnTwoDevices();
    const stranger = await signedInAccount();
    const strangerId = (await listOf(stranger.cookies)).find((session) => session.current)!.id;
    const response = await postAccountForm({ intent: "sign-out-session", session: strangerId }, laptop);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("That session has already ended, or there is no such session.");
    expect(await statusWith(stranger.cookies)).toBe(200);
  });

  it("signs out every other device, keeping this one", async () => {
    const { laptop, phone } = await accountOnTwoDevices();
    const response = await postAccountForm({ intent: "sign-out-other-sessions" }, laptop);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("2 other devices are signed out. Only this one stays signed in.");
    expect(html).toContain("No other device is signed in.");
    expect(await statusWith(phone)).toBe(401);
    expect(await statusWith(laptop)).toBe(200);
  });

  it("posted with this device's id, it is a sign-out: cookies cleared, on to /auth", async () => {
    const { laptop, phone } = await accountOnTwoDevices();
    const laptopId = (await listOf(laptop)).find((session) => session.current)!.id;
    const response = await postAccountForm({ intent: "sign-out-session", session: laptopId }, laptop);
    expect([302, 303]).toContain(response.status);
    expect(response.headers.get("location")).toBe("/auth");
    const cleared = response.headers.getSetCookie();
    expect(cleared.length).toBe(2);
    expect(cleared.every((cookie) => /max-age=0/i.test(cookie))).toBe(true);
    expect(await statusWith(laptop)).toBe(401);
    expect(await statusWith(phone)).toBe(200);
  });
});

describe("the user's data", () => {
  it("the export lists the devices (labels and times only); deleting the account deletes them", async () => {
    const { userId, laptop } = await accountOnTwoDevices();
    const exported = await getWithCookies("/api/account/export", laptop);
    const data = (await exported.json()) as { signedInDevices: { device: string; signedIn: string; lastUsed: string }[] };
    expect(data.signedInDevices.map((row) => row.device).sort()).toEqual(["Firefox on Linux", "Safari on iPhone", "Unknown device"]);
    for (const row of data.signedInDevices) expect(Object.keys(row).sort()).toEqual(["device", "lastUsed", "signedIn"]);

    const deleted = await sendWithCookies("POST", "/api/account/delete", laptop, { password: GOOD_PASSWORD });
    expect(deleted.status).toBe(200);
    const left = await env.DB.prepare("SELECT count(*) AS n FROM session_devices WHERE user_id = ?").bind(userId).first<{ n: number }>();
    expect(left?.n).toBe(0);
  });
});

describe("housekeeping", () => {
  it("forgets a session's device once its tokens are pruned", async () => {
    const { email, laptop } = await accountOnTwoDevices();
    await sendWithCookies("POST", "/api/account/sessions/sign-out-others", laptop);
    const count = async () =>
      (await env.DB.prepare("SELECT count(*) AS n FROM session_devices WHERE user_id = (SELECT id FROM users WHERE email = ?)").bind(email).first<{
        n: number;
      }>())!.n;
    expect(await count()).toBe(3);
    await pruneRefreshTokens(db, Date.now() + 2 * 24 * 60 * 60 * 1000);
    expect(await count()).toBe(1);
  });
});
