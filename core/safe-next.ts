// Where to send someone after signing in. Shared by the /auth screen and the server, so it imports
// nothing that exists only in a browser.
import { isSameSitePath } from "./same-site-path";

/** Where a visitor lands after signing in when `next` is missing or not a path on this site. */
export const DEFAULT_NEXT_PATH = "/account";

const PROBE_ORIGIN = "http://next.invalid";

/** Percent-decodes up to a few times (a value may have been encoded more than once); null if malformed. */
function decodedForms(value: string): string[] | null {
  const forms = [value];
  let current = value;
  for (let round = 0; round < 3 && current.includes("%"); round++) {
    try {
      current = decodeURIComponent(current);
    } catch {
      return null;
    }
    forms.push(current);
  }
  return forms;
}

/**
 * docs/product.md#accounts: `next` is used only if it is a path on this site (starts with "/", not "//" or "/\"),
 * otherwise the visitor goes to /account. Encoded variants of those tricks, control characters
 * (tabs and newlines are stripped by URL parsers, turning "/\t/evil" into "//evil") and anything that
 * does not resolve to this origin are refused too.
 */
export function safeNextPath(value: string | null | undefined): string {
  if (!value || value.length > 2048) return DEFAULT_NEXT_PATH;
  const forms = decodedForms(value);
  if (!forms?.every(isSameSitePath)) return DEFAULT_NEXT_PATH;
  let resolved: URL;
  try {
    resolved = new URL(value, PROBE_ORIGIN);
  } catch {
    return DEFAULT_NEXT_PATH;
  }
  if (resolved.origin !== PROBE_ORIGIN) return DEFAULT_NEXT_PATH;
  return value;
}
