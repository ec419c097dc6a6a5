import { env, SELF } from "cloudflare:test";
import { database } from "@worker/db/client";
import { confirmEmail, createUser } from "@worker/services/auth/accounts";
import { startUserSession } from "@worker/services/auth/accounts";
import { hashPassword } from "@worker/services/auth/password";
import { sessionCookies } from "@worker/services/auth/sessions";
import { newClientIp, ORIGIN, postJson } from "./requests";
import { postJsonWithProof } from "./proof";

let accounts = 0;
export const uniqueEmail = (label = "user") => `${label}-${Date.now().toString(36)}-${accounts++}@example.com`;
export const GOOD_PASSWORD = "violet-harbour-lantern-42";

type OutboxRow = { to: string; subject: string; text: string };

/** The newest email sent to `to`, as the development outbox stored it. */
export async function lastEmail(to: string) {
  const row = await env.DB.prepare('SELECT "to", subject, text FROM mail_outbox WHERE "to" = ? ORDER BY created_at DESC, rowid DESC LIMIT 1')
    .bind(to)
    .first<OutboxRow>();
  if (!row) throw new Error(`no email to ${to}`);
  return row;
}

export async function emailCount(to: string) {
  return (await env.DB.prepare('SELECT count(*) AS n FROM mail_outbox WHERE "to" = ?').bind(to).first<{ n: number }>())!.n;
}

/** The first link in the newest email to `to`, parsed. */
export async function lastLink(to: string) {
  const match = /https?:\/\/\S+/.exec((await lastEmail(to)).text);
  if (!match) throw new Error("no link in the email");
  return new URL(match[0]);
}

export async function lastCode(to: string) {
  const match = /\b(\d{6})\b/.exec((await lastEmail(to)).text);
  if (!match) throw new Error("no code in the email");
  return match[1]!;
}

/** Set-Cookie values as name → value. */
function cookiesOf(setCookies: string[]) {
  const cookies: Record<string, string> = {};
  for (const header of setCookies) {
    const [pair] = header.split(";");
    const index = pair!.indexOf("=");
    cookies[pair!.slice(0, index)] = decodeURIComponent(pair!.slice(index + 1));
  }
  return cookies;
}

/** Set-Cookie values of a response as name → value. */
export const responseCookies = (response: Response) => cookiesOf(response.headers.getSetCookie());

export const cookieHeader = (cookies: Record<string, string>) =>
  Object.entries(cookies)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join("; ");

/** Follows the emailed link the way the /auth screen does: POST its token_hash and type to verify. */
export async function verifyLink(link: URL, ip = newClientIp()) {
  return postJson(
    "/api/auth/verify",
    { type: link.searchParams.get("type"), token_hash: link.searchParams.get("token_hash") },
    { "cf-connecting-ip": ip },
  );
}

/** Signs up and confirms through the outbox; returns the session cookies. */
export async function confirmedAccount(email = uniqueEmail(), password = GOOD_PASSWORD) {
  const signUp = await postJsonWithProof("/api/auth/signup", { email, password });
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const verified = await verifyLink(await lastLink(email));
  if (verified.status !== 200) throw new Error(`confirmation failed: ${verified.status} ${await verified.text()}`);
  return {
    email,
    password,
    cookies: responseCookies(verified),
    body: (await verified.json()) as { session: { user: { id: string; email: string; isOwner: boolean }; expiresAt: number } },
  };
}

/**
 * One hash per password for the fixture's accounts: a hash costs about 0.2 s of CPU on purpose (the slow KDF), and
 * these accounts need a password that signs in, not a salt of their own. The auth flows hash as users would.
 */
const fixtureHashes = new Map<string, Promise<string>>();
function fixtureHash(password: string): Promise<string> {
  const known = fixtureHashes.get(password);
  if (known) return known;
  const hash = hashPassword(password);
  fixtureHashes.set(password, hash);
  return hash;
}

type SessionBody = { session: { user: { id: string; email: string; isOwner: boolean }; expiresAt: number } };

/**
 * The login fixture: a confirmed account (with this password, or none) and a session of it, made directly with the
 * services, without the sign-up requests or the outbox. For tests that only need "a signed-in user"; the auth
 * tests go through the real flows (confirmedAccount). Calling it again for the same address signs in again.
 */
export async function signedInAccount<P extends string | null = string>(email = uniqueEmail(), password: P = GOOD_PASSWORD as P) {
  const db = database(env.DB);
  const user = await createUser(db, email, password === null ? null : await fixtureHash(password));
  // The same confirmation as an emailed link's: OWNER_EMAILS applies here too.
  await confirmEmail(env, db, user);
  const session = await startUserSession({ env, db }, user.id);
  const body: SessionBody = { session: session.info };
  return { email, password, cookies: cookiesOf(sessionCookies(session, ORIGIN)), body };
}

export function getWithCookies(path: string, cookies: Record<string, string>, headers: Record<string, string> = {}) {
  return SELF.fetch(`${ORIGIN}${path}`, { headers: { cookie: cookieHeader(cookies), ...headers } });
}

/** A same-site JSON request from a signed-in browser, from a fresh client address (no shared rate limit). */
export function signedInRequest(method: string, path: string, cookies: Record<string, string>, body?: unknown, headers: Record<string, string> = {}) {
  return new Request(`${ORIGIN}${path}`, {
    method,
    headers: {
      cookie: cookieHeader(cookies),
      origin: ORIGIN,
      "sec-fetch-site": "same-origin",
      "content-type": "application/json",
      "cf-connecting-ip": newClientIp(),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

export function sendWithCookies(method: string, path: string, cookies: Record<string, string>, body?: unknown) {
  return SELF.fetch(signedInRequest(method, path, cookies, body));
}

/** The owner account of this test file (OWNER_EMAILS in vitest.config.ts); create it once per file. */
export async function ownerAccount(email = "owner@parley.test") {
  const account = await signedInAccount(email);
  if (!account.body.session.user.isOwner) throw new Error(`${email} is not an owner: check OWNER_EMAILS`);
  return account;
}
