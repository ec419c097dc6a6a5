// The session cookies. Both are HttpOnly, SameSite=Lax and Secure; plain http is allowed only on loopback
// (local development), where browsers would otherwise drop Secure cookies from an http origin.
export const ACCESS_COOKIE = "parley_access";
export const REFRESH_COOKIE = "parley_refresh";

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/;

export function cookieIsSecure(requestUrl: string) {
  const url = new URL(requestUrl);
  return !(url.protocol === "http:" && LOOPBACK.test(url.hostname));
}

export function serializeCookie(name: string, value: string, { maxAgeSeconds, secure }: { maxAgeSeconds: number; secure: boolean }) {
  return [`${name}=${encodeURIComponent(value)}`, "Path=/", `Max-Age=${maxAgeSeconds}`, "HttpOnly", "SameSite=Lax", secure ? "Secure" : null]
    .filter(Boolean)
    .join("; ");
}

export function clearCookie(name: string, secure: boolean) {
  return serializeCookie(name, "", { maxAgeSeconds: 0, secure });
}

export function readCookie(header: string | null | undefined, name: string) {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index > 0 && part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}
