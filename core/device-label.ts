// A coarse name for the browser and system a user agent describes ("Firefox on Linux"): the session list's label
// (worker/services/auth/session-devices.ts) and a new passkey's first name (app/lib/passkeys-client.ts).
import { BROWSER_MAP, getParser, OS_MAP } from "bowser";

// Bowser falls back to whatever text precedes a slash in an unknown user agent: only its own names are kept, so a
// crafted user agent cannot write its words into the list.
const KNOWN_BROWSERS = new Set<string>(Object.values(BROWSER_MAP));
const KNOWN_SYSTEMS = new Set<string>(Object.values(OS_MAP));
/** Apple's mobile devices say which one they are; "Safari on iPhone" reads better than "Safari on iOS". */
const APPLE_MODELS = new Set(["iPhone", "iPad", "iPod"]);

function systemOf(parser: ReturnType<typeof getParser>) {
  const system = parser.getOSName();
  if (!KNOWN_SYSTEMS.has(system)) return null;
  const model = parser.getPlatform().model;
  return system === "iOS" && model && APPLE_MODELS.has(model) ? model : system;
}

/** "Firefox on Linux", "Safari on iPhone", "Chrome", "Linux", or null when the user agent names nothing we know. */
export function deviceLabel(userAgent: string | null | undefined): string | null {
  if (!userAgent?.trim()) return null;
  const parser = getParser(userAgent);
  const browser = KNOWN_BROWSERS.has(parser.getBrowserName()) ? parser.getBrowserName() : null;
  const system = systemOf(parser);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system;
}
