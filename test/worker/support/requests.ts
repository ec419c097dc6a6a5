import { SELF } from "cloudflare:test";

export const ORIGIN = "http://example.com";

let clients = 0;

/** A client address of its own, so that tests do not share rate-limit buckets (storage is shared within a file). */
export function newClientIp() {
  clients++;
  return `198.51.${Math.floor(clients / 250) % 250}.${clients % 250}`;
}

/** POSTs JSON to the app like a same-origin browser page would, from a new client unless `cf-connecting-ip` is given. */
export function postJson(path: string, body: unknown, headers: Record<string, string> = {}) {
  return SELF.fetch(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: ORIGIN, "sec-fetch-site": "same-origin", "cf-connecting-ip": newClientIp(), ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

export async function getHtml(path: string) {
  const response = await SELF.fetch(`${ORIGIN}${path}`);
  return { response, html: await response.text() };
}

/**
 * POSTs a form the way a browser without JavaScript does (urlencoded, to the page itself), from a new client.
 * Answers the re-rendered page.
 */
export function postForm(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return SELF.fetch(`${ORIGIN}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: ORIGIN,
      "sec-fetch-site": "same-origin",
      "cf-connecting-ip": newClientIp(),
      ...headers,
    },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
}
