// Slug rules only the server applies (the browser never picks a slug), so they stay out of core/.
export const SLUG_ATTEMPTS = 3;
export const SLUG_SUFFIX_LENGTH = 6;
export const DEFAULT_SLUG = "post";
/** Paths under /blog that are screens, not posts: a post may never take one of these slugs. */
export const RESERVED_SLUGS = new Set(["new", "rss", "rss-xml"]);

/**
 * docs/product.md#blog, slug: lowercased, anything but letters, digits, spaces and hyphens removed, trimmed, whitespace
 * turned into hyphens and repeated hyphens merged; "post" if nothing is left. Accents are folded
 * (é → e) so that every slug is plain a–z, 0–9 and hyphens; leading and trailing hyphens are dropped.
 */
export function slugify(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, "")
    .trim()
    .replace(/\s+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 80)
    .replace(/-$/, "");
  return slug || DEFAULT_SLUG;
}

const SUFFIX_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

/** A random six-character [a-z0-9] suffix for a slug that is already taken. */
export function randomSlugSuffix(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(SLUG_SUFFIX_LENGTH));
  // 256 is not a multiple of 36; the bias (a few per cent for the first four letters) is irrelevant for a slug suffix.
  return Array.from(bytes, (byte) => SUFFIX_ALPHABET[byte % SUFFIX_ALPHABET.length]).join("");
}
