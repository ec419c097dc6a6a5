// Passkeys (docs/decisions/0016-passkeys.md) against a software authenticator with real ES256 signatures: the
// server's @simplewebauthn verification runs for real, inside workerd.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import { SoftwareAuthenticator } from "../../support/software-authenticator";
import { cookieHeader, getWithCookies, responseCookies, sendWithCookies, signedInAccount } from "../support/auth";
import { ORIGIN, postForm, postJson } from "../support/requests";

type Cookies = Record<string, string>;
type Summary = { id: string; name: string; createdAt: number; lastUsedAt: number | null };

async function registrationOptions(cookies: Cookies) {
  const response = await sendWithCookies("POST", "/api/auth/passkeys/registration/options", cookies);
  expect(response.status).toBe(200);
  return ((await response.json()) as { options: PublicKeyCredentialCreationOptionsJSON }).options;
}

/** Registers a passkey of `authenticator` for the signed-in account. */
async function register(cookies: Cookies, authenticator: SoftwareAuthenticator, name?: string) {
  const response = await authenticator.register(await registrationOptions(cookies));
  return sendWithCookies("POST", "/api/auth/passkeys/registration/verify", cookies, { response, name });
}

async function signInOptions() {
  const response = await postJson("/api/auth/passkeys/authentication/options", {});
  expect(response.status).toBe(200);
  return ((await response.json()) as { options: PublicKeyCredentialRequestOptionsJSON }).options;
}

const verifySignIn = (response: unknown) => postJson("/api/auth/passkeys/authentication/verify", { response });

async function listOf(cookies: Cookies) {
  const response = await getWithCookies("/api/auth/passkeys", cookies);
  expect(response.status).toBe(200);
  return ((await response.json()) as { passkeys: Summary[] }).passkeys;
}

/** A signed-in account with one registered passkey. */
async function accountWithPasskey(password: string | null = null) {
  const account = await signedInAccount(undefined, password);
  const authenticator = new SoftwareAuthenticator(ORIGIN);
  const registered = await register(account.cookies, authenticator, "Laptop");
  expect(registered.status).toBe(200);
  const { passkey } = (await registered.json()) as { passkey: Summary };
  return { ...account, authenticator, passkey };
}

const storedCounter = async (id: string) =>
  (await env.DB.prepare("SELECT counter, last_used_at FROM passkeys WHERE id = ?")
    .bind(id)
    .first<{ counter: number; last_used_at: number | null }>())!;

describe("registering a passkey", () => {
  it("offers options for this site's host, a random user handle, and a discoverable credential", async () => {
    const { cookies, email } = await signedInAccount();
    const options = await registrationOptions(cookies);
    expect(options.rp).toEqual({ name: "Parley", id: "example.com" });
    expect(options.user.name).toBe(email);
    expect(options.user.id).not.toContain(email);
    expect(options.authenticatorSelection).toMatchObject({ residentKey: "required", userVerification: "preferred" });
    // The handle is stable per user.
    expect((await registrationOptions(cookies)).user.id).toBe(options.user.id);
  });

  it("stores the verified credential and lists it by name; the next options exclude it", async () => {
    const { cookies, passkey } = await accountWithPasskey();
    expect(passkey).toMatchObject({ name: "Laptop", lastUsedAt: null });
    expect(await listOf(cookies)).toEqual([passkey]);
    const row = await env.DB.prepare("SELECT credential_id FROM passkeys WHERE id = ?").bind(passkey.id).first<{ credential_id: string }>();
    expect((await registrationOptions(cookies)).excludeCredentials?.map((credential) => credential.id)).toEqual([row!.credential_id]);
  });

  it("is refused signed out", async () => {
    expect((await postJson("/api/auth/passkeys/registration/options", {})).status).toBe(401);
  });

  it("refuses a wrong origin, a made-up challenge, another user's challenge and a replayed challenge", async () => {
    const { cookies } = await signedInAccount();
    const other = await signedInAccount();
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const verify = (as: Cookies, response: unknown) => sendWithCookies("POST", "/api/auth/passkeys/registration/verify", as, { response });

    const wrongOrigin = await authenticator.register(await registrationOptions(cookies), { origin: "https://evil.example" });
    expect((await verify(cookies, wrongOrigin)).status).toBe(400);
    const madeUp = await authenticator.register(await registrationOptions(cookies), { challenge: "bm90LWEtY2hhbGxlbmdl" });
    expect((await verify(cookies, madeUp)).status).toBe(400);
    const othersChallenge = await authenticator.register(await registrationOptions(other.cookies));
    expect((await verify(cookies, othersChallenge)).status).toBe(400);

    const good = await authenticator.register(await registrationOptions(cookies));
    expect((await verify(cookies, good)).status).toBe(200);
    const replayed = await verify(cookies, good);
    expect(replayed.status).toBe(400);
    expect(((await replayed.json()) as { error: { code: string } }).error.code).toBe("passkey_invalid");
    expect(await listOf(cookies)).toHaveLength(1);
  });
});

describe("signing in with a passkey", () => {
  it("starts a normal session and updates the counter and last use", async () => {
    const { email, authenticator, passkey } = await accountWithPasskey();
    const options = await signInOptions();
    expect(options.rpId).toBe("example.com");
    expect(options.allowCredentials ?? []).toEqual([]);

    const response = await verifySignIn(await authenticator.authenticate(options));
    expect(response.status).toBe(200);
    const body = (await response.json()) as { session: { user: { email: string } } };
    expect(body.session.user.email).toBe(email);
    const cookies = responseCookies(response);
    expect(Object.keys(cookies).sort()).toEqual(["parley_access", "parley_refresh"]);
    const session = (await (await getWithCookies("/api/auth/session", cookies)).json()) as { session: { user: { email: string } } };
    expect(session.session.user.email).toBe(email);

    const stored = await storedCounter(passkey.id);
    expect(stored.counter).toBe(1);
    expect(stored.last_used_at).toBeGreaterThan(0);
    expect((await verifySignIn(await authenticator.authenticate(await signInOptions()))).status).toBe(200);
    expect((await storedCounter(passkey.id)).counter).toBe(2);
  });

  it("names the signed-in device in the session list, like any other sign-in", async () => {
    const { authenticator } = await accountWithPasskey();
    const firefoxOnLinux = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
    const response = await postJson(
      "/api/auth/passkeys/authentication/verify",
      { response: await authenticator.authenticate(await signInOptions()) },
      { "user-agent": firefoxOnLinux },
    );
    expect(response.status).toBe(200);
    const listed = (await (await getWithCookies("/api/account/sessions", responseCookies(response))).json()) as {
      sessions: { label: string | null }[];
    };
    expect(listed.sessions.map((session) => session.label)).toContain("Firefox on Linux");
  });

  it("refuses a replayed assertion, a wrong origin, a made-up challenge and a counter that went back", async () => {
    const { authenticator, passkey } = await accountWithPasskey();
    const assertion = await authenticator.authenticate(await signInOptions());
    expect((await verifySignIn(assertion)).status).toBe(200);
    expect((await verifySignIn(assertion)).status).toBe(400);

    expect((await verifySignIn(await authenticator.authenticate(await signInOptions(), { origin: "https://evil.example" }))).status).toBe(400);
    expect((await verifySignIn(await authenticator.authenticate(await signInOptions(), { challenge: "bm90LWEtY2hhbGxlbmdl" }))).status).toBe(400);
    const cloned = await verifySignIn(await authenticator.authenticate(await signInOptions(), { counter: 1 }));
    expect(cloned.status).toBe(400);
    expect((await storedCounter(passkey.id)).counter).toBe(1);
  });

  it("refuses a credential that is not registered, and one signed by another key", async () => {
    const stranger = new SoftwareAuthenticator(ORIGIN);
    await stranger.register({ ...(await signInOptionsAsCreation()) });
    expect((await verifySignIn(await stranger.authenticate(await signInOptions()))).status).toBe(400);

    const { authenticator } = await accountWithPasskey();
    const forged = await stranger.authenticate(await signInOptions(), { counter: 5 });
    const [real] = authenticator.credentials;
    // The real credential's id and user handle, but the stranger's signature.
    const response = { ...forged.response, userHandle: real!.userHandle };
    expect((await verifySignIn({ ...forged, id: real!.id, rawId: real!.id, response })).status).toBe(400);
  });

  it("works for an account without a password (passkey only)", async () => {
    const { email, authenticator } = await accountWithPasskey(null);
    const response = await verifySignIn(await authenticator.authenticate(await signInOptions()));
    expect(response.status).toBe(200);
    expect(((await response.json()) as { session: { user: { email: string } } }).session.user.email).toBe(email);
  });
});

describe("managing passkeys", () => {
  it("renames and removes the user's own passkey; removing the last one of a passwordless account says so", async () => {
    const { cookies, passkey } = await accountWithPasskey(null);
    const renamed = await sendWithCookies("PATCH", `/api/auth/passkeys/${passkey.id}`, cookies, { name: "  Work phone " });
    expect(renamed.status).toBe(200);
    expect(((await renamed.json()) as { passkey: Summary }).passkey.name).toBe("Work phone");
    expect((await sendWithCookies("PATCH", `/api/auth/passkeys/${passkey.id}`, cookies, { name: "" })).status).toBe(400);

    const removed = await sendWithCookies("DELETE", `/api/auth/passkeys/${passkey.id}`, cookies);
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ emailSignInOnly: true });
    expect(await listOf(cookies)).toEqual([]);
  });

  it("keeps password accounts out of the email-only warning", async () => {
    const { cookies, passkey } = await accountWithPasskey("violet-harbour-lantern-42");
    expect(await (await sendWithCookies("DELETE", `/api/auth/passkeys/${passkey.id}`, cookies)).json()).toEqual({ emailSignInOnly: false });
  });

  it("never lists, renames or removes another user's passkey (404, as for a missing one)", async () => {
    const owner = await accountWithPasskey();
    const other = await signedInAccount();
    expect(await listOf(other.cookies)).toEqual([]);
    expect((await sendWithCookies("PATCH", `/api/auth/passkeys/${owner.passkey.id}`, other.cookies, { name: "Mine now" })).status).toBe(404);
    expect((await sendWithCookies("DELETE", `/api/auth/passkeys/${owner.passkey.id}`, other.cookies)).status).toBe(404);
    expect(await listOf(owner.cookies)).toEqual([owner.passkey]);
  });
});

describe("the account page's passkey forms (no JavaScript)", () => {
  const post = (fields: Record<string, string>, cookies: Cookies) => postForm("/account", fields, { cookie: cookieHeader(cookies) });

  it("lists the passkeys and says that adding one needs JavaScript", async () => {
    const { cookies } = await accountWithPasskey();
    const html = await (await getWithCookies("/account", cookies)).text();
    expect(html).toContain("Laptop");
    expect(html).toContain("Adding a passkey needs JavaScript");
  });

  it("says on the sign-in screen that a passkey needs JavaScript, and marks the email field for passkey autofill", async () => {
    const html = await (await getWithCookies("/auth", {})).text();
    expect(html).toContain("Signing in with a passkey needs JavaScript.");
    expect(html).toMatch(/autocomplete="username webauthn"/i);
  });

  it("renames and removes the user's own passkey, and refuses another user's", async () => {
    const { cookies, passkey } = await accountWithPasskey(null);
    const renamed = await post({ intent: "passkey-rename", passkeyId: passkey.id, name: "Desk key" }, cookies);
    expect(renamed.status).toBe(200);
    expect(await renamed.text()).toContain("Passkey renamed");
    expect((await listOf(cookies))[0]?.name).toBe("Desk key");

    const other = await signedInAccount();
    expect((await post({ intent: "passkey-remove", passkeyId: passkey.id }, other.cookies)).status).toBe(404);
    expect((await post({ intent: "passkey-rename", passkeyId: passkey.id, name: "Mine" }, other.cookies)).status).toBe(404);

    const removed = await post({ intent: "passkey-remove", passkeyId: passkey.id }, cookies);
    expect(removed.status).toBe(200);
    expect(await removed.text()).toContain("you can still sign in with a link or code sent to your email");
    expect(await listOf(cookies)).toEqual([]);
  });
});

/** Creation options for a credential no account knows (a stranger's authenticator). */
async function signInOptionsAsCreation(): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const { challenge } = await signInOptions();
  return {
    challenge,
    rp: { name: "Parley", id: "example.com" },
    user: { id: "c3RyYW5nZXI", name: "stranger", displayName: "" },
    pubKeyCredParams: [{ type: "public-key", alg: -7 }],
  };
}
