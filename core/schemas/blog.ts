// The blog's rules (docs/product.md#blog), shared by the editor in the browser and the API on the server:
// excerpt and tag rules are pure functions (slugs are the server's: worker/services/blog/slug.ts); the zod/mini schemas validate and normalise the payloads.
import * as z from "zod/mini";
import { formatCount } from "../format";
import { isSameSiteSource } from "../same-site-path";
import { optionalText } from "./common";

export const BLOG_PAGE_SIZE = 9;
export const CARD_TAG_LIMIT = 4;
export const MAX_TAGS = 10;
export const EXCERPT_LENGTH = 160;
export const TITLE_MAX = 200;
export const CONTENT_MAX = 50_000;
export const COMMENT_MAX = 2_000;
export const TAG_MAX_LENGTH = 40;

export const SAVE_FAILED_MESSAGE = "Could not save post. Try a different title.";
export const COVER_URL_MESSAGE = "Use an image served by this site, a path such as /images/blog/cover.svg.";
export const CANONICAL_URL_MESSAGE = "Enter a full http(s):// address or a path on this site.";

/**
 * docs/product.md#blog, excerpt: generated from the Markdown with code blocks, inline code, images, link markup and
 * Markdown symbols removed and whitespace collapsed, cut to 160 characters; null if nothing is left.
 */
export function generateExcerpt(markdown: string): string | null {
  const text = markdown
    .replace(/(```|~~~)[\s\S]*?(?:\1|$(?![\s\S]))/g, " ")
    .replace(/`+[^`]*`+/g, " ")
    .replace(/!\[[^\]]*\]\([^)]*\)/g, " ")
    .replace(/!\[[^\]]*\]\[[^\]]*\]/g, " ")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]*)\]\[[^\]]*\]/g, "$1")
    .replace(/^\s*\[[^\]]+\]:\s*\S+.*$/gm, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/^\s{0,3}(?:[-*+]|\d+[.)])\s+/gm, " ")
    .replace(/(\*{1,3}|~~)(?=\S)([^\n]*?\S)\1/g, "$2")
    .replace(/(?<!\w)(_{1,3})(?=\S)([^\n]*?\S)\1(?!\w)/g, "$2")
    .replace(/[#*~>|`]/g, " ")
    .replace(/(?<!\w)_+|_+(?!\w)/g, " ")
    .replace(/^\s*[-=]{3,}\s*$/gm, " ")
    .replace(/\s+/g, " ")
    .trim();
  const cut = Array.from(text).slice(0, EXCERPT_LENGTH).join("").trim();
  return cut || null;
}

/** docs/product.md#blog, tags: split on commas, trimmed, lowercased, blanks dropped (and repeats), at most 10; null if none. */
export function parseTags(input: string | ReadonlyArray<string> | null | undefined): string[] | null {
  const parts = typeof input === "string" ? input.split(",") : (input ?? []);
  const tags: string[] = [];
  for (const part of parts) {
    const tag = part.trim().toLowerCase().slice(0, TAG_MAX_LENGTH).trim();
    if (tag && !tags.includes(tag)) tags.push(tag);
    if (tags.length === MAX_TAGS) break;
  }
  return tags.length ? tags : null;
}

/** Canonical URLs may point at another host (a post first published elsewhere), but only over http(s). */
export function isCanonicalUrl(value: string): boolean {
  if (isSameSiteSource(value)) return true;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

/** Reading time in whole minutes at 220 words a minute, at least 1. */
export function readingMinutes(markdown: string): number {
  const words = markdown.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
  return Math.max(1, Math.ceil(words / 220));
}

const checkedOptionalUrl = (valid: (value: string) => boolean, message: string) =>
  z.pipe(optionalText(2048, "That address is too long."), z.nullable(z.string().check(z.refine(valid, message))));

/** What the editor sends. Tags travel as the comma-separated text the owner typed, or as a list. */
export const postInputSchema = z.pipe(
  z.object({
    title: z
      .string({ error: "Give the post a title." })
      .check(z.trim(), z.minLength(1, "Give the post a title."), z.maxLength(TITLE_MAX, `Keep the title under ${TITLE_MAX} characters.`)),
    excerpt: optionalText(EXCERPT_LENGTH, `Keep the excerpt to ${EXCERPT_LENGTH} characters.`),
    coverUrl: checkedOptionalUrl(isSameSiteSource, COVER_URL_MESSAGE),
    tags: z.optional(z.nullable(z.union([z.string().check(z.maxLength(2000, "Too many tags.")), z.array(z.string().check(z.maxLength(200)))]))),
    canonicalUrl: checkedOptionalUrl(isCanonicalUrl, CANONICAL_URL_MESSAGE),
    content: z
      .string({ error: "Write the post's content." })
      .check(
        z.trim(),
        z.minLength(1, "Write the post's content."),
        z.maxLength(CONTENT_MAX, `Keep the content under ${formatCount(CONTENT_MAX)} characters.`),
      ),
  }),
  z.transform((input) => ({
    title: input.title,
    excerpt: input.excerpt ?? generateExcerpt(input.content),
    coverUrl: input.coverUrl,
    tags: parseTags(input.tags),
    canonicalUrl: input.canonicalUrl,
    content: input.content,
  })),
);

export type PostInput = z.input<typeof postInputSchema>;
export type PostValues = z.output<typeof postInputSchema>;

export const publishSchema = z.object({ published: z.boolean({ error: "Say whether the post is published." }) });

export const COMMENT_REQUIRED_MESSAGE = "Write a comment first.";
const COMMENT_TOO_LONG = `Keep comments under ${formatCount(COMMENT_MAX)} characters.`;
export const commentInputSchema = z.object({
  content: z
    .string({ error: COMMENT_REQUIRED_MESSAGE })
    .check(z.trim(), z.minLength(1, COMMENT_REQUIRED_MESSAGE), z.maxLength(COMMENT_MAX, COMMENT_TOO_LONG)),
});

// ---- Shapes the API and loaders return ----

export type PostCard = {
  id: string;
  slug: string;
  title: string;
  excerpt: string | null;
  coverUrl: string | null;
  createdAt: number;
  tags: string[] | null;
};

export type PostList = { posts: PostCard[]; total: number; page: number; pageCount: number; q: string };

export type PublicComment = {
  id: string;
  content: string;
  createdAt: number;
  /** "Parley team" for an owner, else "Reader": readers' addresses are never shown. */
  authorLabel: string;
  /** True when the viewer wrote it (they may delete it). */
  mine: boolean;
};
