// The login fixture of the browser tests: a confirmed account (with a password or none) and a session of it,
// written straight into the served app's local database through the tests' own route (fixture-worker.js), without
// the sign-up screen or the outbox.
// For tests that only need "a signed-in person"; the auth tests sign in through the real flows.
import { expect, type BrowserContext, type Page } from "@playwright/test";
import { REFRESH_COOKIE } from "@worker/services/auth/cookies";
import { hashPassword } from "@worker/services/auth/password";
import { randomToken, REFRESH_TOKEN_TTL_MS, sha256Hex } from "@worker/services/auth/tokens";
import { expectHydrated } from "./app";
import { OWNER_EMAIL } from "./auth-page";

/** A string as an SQL literal (the addresses and hashes here are the tests' own, but quoted all the same). */
const literal = (value: string | null) => (value === null ? "NULL" : `'${value.replaceAll("'", "''")}'`);

/**
 * Runs `statements` as one transaction in the served Worker's own D1 (fixture-worker.js's route): a second process
 * writing the SQLite file would make the app's own writes fail with SQLITE_BUSY.
 */
async function execute(statements: string[]) {
  const token = process.env.PARLEY_FIXTURE_TOKEN;
  if (!token) throw new Error("PARLEY_FIXTURE_TOKEN is not set: run the browser tests through playwright.config.ts.");
  const response = await fetch(`${appOrigin()}/__fixture/sql`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-fixture-token": token },
    body: JSON.stringify({ statements }),
  });
  if (response.status !== 204) throw new Error(`login fixture: ${response.status} ${await response.text()}`);
}

/** The served app's address (playwright.config.ts's baseURL). */
const appOrigin = () => `http://127.0.0.1:${process.env.PARLEY_BROWSER_PORT}`;

/**
 * The account as confirming its address leaves it: confirmed, with its profile, an owner if serve.mjs's
 * OWNER_EMAILS lists it. An account that exists already keeps its password.
 */
async function accountStatements(email: string, password: string | null) {
  const hash = password === null ? null : await hashPassword(password);
  const now = Date.now();
  const owner = email === OWNER_EMAIL ? 1 : 0;
  return [
    `INSERT INTO users (id, email, password_hash, email_confirmed_at) VALUES (${literal(crypto.randomUUID())}, ${literal(email)}, ${literal(hash)}, ${now})
       ON CONFLICT(email) DO UPDATE SET email_confirmed_at = coalesce(users.email_confirmed_at, excluded.email_confirmed_at)`,
    `INSERT INTO profiles (id, is_owner) SELECT id, ${owner} FROM users WHERE email = ${literal(email)}
       ON CONFLICT(id) DO UPDATE SET is_owner = max(profiles.is_owner, excluded.is_owner)`,
  ];
}

/** A confirmed account for `email`, signed out: for tests that sign in themselves. */
export async function createAccount(email: string, password: string | null) {
  await execute(await accountStatements(email, password));
}

/**
 * A confirmed account for `email` and a new session of it (a refresh-token family, as signing in starts one).
 * Answers the refresh cookie: the app turns it into a full session on the first page it serves.
 */
async function createSession(email: string, password: string | null) {
  const token = randomToken();
  const now = Date.now();
  const session = `INSERT INTO refresh_tokens (id, user_id, family_id, token_hash, created_at, expires_at)
    SELECT ${literal(crypto.randomUUID())}, id, ${literal(crypto.randomUUID())}, ${literal(await sha256Hex(token))}, ${now}, ${now + REFRESH_TOKEN_TTL_MS}
    FROM users WHERE email = ${literal(email)}`;
  await execute([...(await accountStatements(email, password)), session]);
  return token;
}

/** Signs `page`'s browser in as `email` (made if needed, with `password` or none); it ends on /account, hydrated. */
export async function signInDirectly(page: Page, email: string, password: string | null = null) {
  await addSession(page.context(), await createSession(email, password));
  await page.goto("/account");
  await expect(page).toHaveURL("/account");
  await expectHydrated(page);
}

/** The refresh cookie as the app sets it, for the app's address. */
function addSession(context: BrowserContext, refreshToken: string) {
  return context.addCookies([{ name: REFRESH_COOKIE, value: refreshToken, url: appOrigin(), httpOnly: true, sameSite: "Lax" }]);
}
