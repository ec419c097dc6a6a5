import { env, SELF } from "cloudflare:test";
import { newClientIp, ORIGIN, postJson } from "./requests";

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

/** Set-Cookie values of a response as name → value. */
export function responseCookies(response: Response) {
  const cookies: Record<string, string> = {};
  for (const header of response.headers.getSetCookie()) {
    const [pair] = header.split(";");
    const index = pair!.indexOf("=");
    cookies[pair!.slice(0, index)] = decodeURIComponent(pair!.slice(index + 1));
  }
  return cookies;
}

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
  const signUp = await postJson("/api/auth/signup", { email, password });
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
