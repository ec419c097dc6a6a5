import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../types";

function createNonce() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/**
 * Only our own origin may supply scripts, styles, images, fonts and connections: Parley makes no
 * third-party requests. Inline scripts (React Router's hydration data) need this response's nonce.
 * Inline style attributes are allowed because React server-renders `style` props and the dialog
 * library locks scrolling with a style element; styles cannot run code.
 */
export function contentSecurityPolicy(nonce: string) {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export const PERMISSIONS_POLICY =
  "accelerometer=(), autoplay=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(self), payment=(), usb=(), interest-cohort=(), browsing-topics=()";

export const STATIC_SECURITY_HEADERS: Record<string, string> = {
  "Strict-Transport-Security": "max-age=63072000; includeSubDomains",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": PERMISSIONS_POLICY,
  "X-Frame-Options": "DENY",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Resource-Policy": "same-origin",
};

/** Non-HTML answers never need to load anything. */
const NON_HTML_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** Every header securityHeaders gives a non-HTML answer, for answers made before the app runs. */
export const NON_HTML_SECURITY_HEADERS: Record<string, string> = { ...STATIC_SECURITY_HEADERS, "Content-Security-Policy": NON_HTML_POLICY };

export const securityHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  const nonce = createNonce();
  c.set("nonce", nonce);
  await next();
  // Responses from fetch() or the asset layer can have immutable headers; copy before changing them.
  const response = new Response(c.res.body, c.res);
  for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) response.headers.set(name, value);
  const isHtml = response.headers.get("content-type")?.includes("text/html");
  response.headers.set("Content-Security-Policy", isHtml ? contentSecurityPolicy(nonce) : NON_HTML_POLICY);
  c.res = response;
};
