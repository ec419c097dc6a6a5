// What counts as a path on this site, for every check that needs one: `next` after signing in (core/safe-next.ts), a
// post's cover and the images Markdown may show (core/schemas/blog.ts, core/markdown/policy.ts). Free of zod, so that
// the chat's Markdown does not load the blog's schemas.

/** Any C0 control character, DEL or C1 control: browsers drop some of these while parsing a URL. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is this pattern's purpose (a path holding one is refused)
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * A path on this site: it starts with "/", but not "//" or "/\" (both protocol-relative to a browser), and holds no
 * backslash (read as "/") and no control character.
 */
export function isSameSitePath(value: string): boolean {
  if (!value.startsWith("/")) return false;
  if (value.startsWith("//") || value.includes("\\")) return false;
  return !CONTROL_CHARACTERS.test(value);
}

/** A same-site path as written in markup (an image's src, a post's cover, e.g. /images/blog/x.svg): no whitespace either. */
export function isSameSiteSource(value: string): boolean {
  return isSameSitePath(value) && !/\s/.test(value);
}
