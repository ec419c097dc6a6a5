// The login fixture of the browser tests: a confirmed account (with a password or none) and a session of it,
// written straight into the served app's local database with `wrangler d1 execute --local`, without the sign-up
// screen or the outbox. serve.mjs keeps that database in PARLEY_BROWSER_STATE (chosen by playwright.config.ts).
// For tests that only need "a signed-in person"; the auth tests sign in through the real flows.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, type BrowserContext, type Page } from "@playwright/test";
import { REFRESH_COOKIE } from "@worker/services/auth/cookies";
import { hashPassword } from "@worker/services/auth/password";
import { randomToken, REFRESH_TOKEN_TTL_MS, sha256Hex } from "@worker/services/auth/tokens";
import { bin, offlineEnv, projectRoot } from "../../../scripts/offline-env.mjs";
import { expectHydrated } from "./app";
import { OWNER_EMAIL } from "./auth-page";

const run = promisify(execFile);

/** A string as an SQL literal (the addresses and hashes here are the tests' own, but quoted all the same). */
const literal = (value: string | null) => (value === null ? "NULL" : `'${value.replaceAll("'", "''")}'`);

/** wrangler's local D1 is one SQLite file: one write at a time from this process. */
let queue: Promise<unknown> = Promise.resolve();

/**
 * Other test workers (and the server) write the same file: a write that finds it locked waits a moment and tries
 * again, as a busy SQLite asks.
 */
async function runWhenUnlocked(args: string[], attempts = 8): Promise<unknown> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run(bin("wrangler"), args, { cwd: projectRoot, env: offlineEnv() });
    } catch (error) {
      const { message, stdout, stderr } = error as { message?: string; stdout?: string; stderr?: string };
      const busy = /SQLITE_BUSY|database is locked/.test(`${message} ${stdout} ${stderr}`);
      if (!busy || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 150 * attempt));
    }
  }
}

function execute(sql: string) {
  const folder = process.env.PARLEY_BROWSER_STATE;
  if (!folder) throw new Error("PARLEY_BROWSER_STATE is not set: run the browser tests through playwright.config.ts.");
  const args = ["d1", "execute", "DB", "--local", "--persist-to", folder, "--command", sql];
  const done = queue.then(() => runWhenUnlocked(args));
  queue = done.catch(() => undefined);
  return done;
}

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
  await execute((await accountStatements(email, password)).join(";\n"));
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
  await execute([...(await accountStatements(email, password)), session].join(";\n"));
  return token;
}

/** Signs `page`'s browser in as `email` (made if needed, with `password` or none); it ends on /account, hydrated. */
export async function signInDirectly(page: Page, email: string, password: string | null = null) {
  await addSession(page.context(), await createSession(email, password));
  await page.goto("/account");
  await expect(page).toHaveURL("/account");
  await expectHydrated(page);
}

/** The refresh cookie as the app sets it, for the app's address (playwright.config.ts's baseURL). */
function addSession(context: BrowserContext, refreshToken: string) {
  const url = `http://127.0.0.1:${process.env.PARLEY_BROWSER_PORT}`;
  return context.addCookies([{ name: REFRESH_COOKIE, value: refreshToken, url, httpOnly: true, sameSite: "Lax" }]);
}
