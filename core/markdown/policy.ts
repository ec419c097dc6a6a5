// The one Markdown policy (docs/decisions/0011-markdown-policy.md): how Markdown becomes HTML, and what of that
// HTML may reach a page. The server's sanitizer (sanitize-html, worker/services/blog/markdown.ts) and the
// browser's (DOMPurify, app/lib/markdown.ts) are both built from it, so the blog editor's preview shows what
// publishing shows. Blog posts and chat answers are two profiles of the same policy.
import type { MarkedOptions } from "marked";
import { isSameSiteSource } from "@core/same-site-path";

/** marked's options on both sides: GitHub-flavoured Markdown, a single newline stays inside its paragraph. */
export const MARKED_OPTIONS = { gfm: true, breaks: false, async: false } as const satisfies MarkedOptions;

/** Every link's rel: the target gets no handle on our window, no referrer, and no endorsement from us. */
export const LINK_REL = "noopener noreferrer nofollow";

/** The schemes a link may use. Any other (javascript:, data:, vbscript:…) costs the link its href. */
export const LINK_SCHEMES = ["http", "https", "mailto"] as const;

/**
 * Elements removed together with everything inside them. Any other element the profile does not list is
 * removed and its text kept.
 */
export const DROPPED_WITH_CONTENT = [
  "script",
  "style",
  "textarea",
  "option",
  "noscript",
  "iframe",
  "object",
  "embed",
  "svg",
  "math",
  "template",
  "title",
  "xmp",
  "noembed",
  "noframes",
  "select",
  "button",
] as const;

export type MarkdownProfile = {
  /** The elements kept. */
  readonly tags: readonly string[];
  /** The attributes each element keeps; any other attribute is removed. */
  readonly attributes: Readonly<Record<string, readonly string[]>>;
  /** The classes each element keeps, by prefix (a `class` attribute must also be listed in `attributes`). */
  readonly classPrefixes: Readonly<Record<string, readonly string[]>>;
  /** Elements written under another name; the new name's attributes apply. */
  readonly renamed: Readonly<Record<string, string>>;
  /** Attributes every element of a kind gets, replacing its own. */
  readonly forced: Readonly<Record<string, Readonly<Record<string, string>>>>;
};

/**
 * A code block scrolls sideways when its lines are longer than the page is wide, and a keyboard scrolls only what it
 * can focus: so every block is a focus stop, named so that a screen reader says what it landed on (a group, since
 * a named landmark per block would crowd the page's landmarks).
 */
const CODE_BLOCK = { tabindex: "0", role: "group", "aria-label": "Code block" } as const;

const POST: MarkdownProfile = {
  tags: [
    ...["h2", "h3", "h4", "h5", "h6", "p", "br", "hr", "blockquote", "ul", "ol", "li", "pre"],
    ...["strong", "em", "b", "i", "del", "s", "code", "a", "img", "sup", "sub", "kbd"],
    ...["table", "thead", "tbody", "tr", "th", "td"],
  ],
  attributes: {
    a: ["href", "title"],
    img: ["src", "alt", "title", "width", "height"],
    code: ["class"],
    ol: ["start"],
    th: ["align"],
    td: ["align"],
  },
  // marked names a fenced block's language this way; no other class of the site's styles can be borrowed.
  classPrefixes: { code: ["language-"] },
  // The page's title is its only h1.
  renamed: { h1: "h2" },
  forced: { a: { rel: LINK_REL }, pre: CODE_BLOCK },
};

/**
 * The profiles: a blog post (the owner's Markdown, shown to everyone) and a chat answer (a model's Markdown, shown
 * to its user). An answer's links open in a new tab, so that following one does not leave the conversation.
 */
export const MARKDOWN_PROFILES: Readonly<Record<"post" | "chat", MarkdownProfile>> = {
  post: POST,
  chat: { ...POST, forced: { ...POST.forced, a: { rel: LINK_REL, target: "_blank" } } },
};

export type MarkdownProfileName = keyof typeof MARKDOWN_PROFILES;

/**
 * Whether a link may keep this href: a relative URL, or one of LINK_SCHEMES; never protocol-relative (another
 * host, whatever it looks like). Browsers skip control characters and spaces in a URL, so they are skipped here.
 */
export function isAllowedLinkUrl(url: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters a browser ignores in a URL
  const bare = url.replace(/[\u0000-\u0020]/g, "");
  if (/^[/\\]{2}/.test(bare)) return false;
  const scheme = /^([a-z][a-z\d+.-]*):/i.exec(bare)?.[1]?.toLowerCase();
  return scheme === undefined || (LINK_SCHEMES as readonly string[]).includes(scheme);
}

/** An element as the policy writes it: its (possibly new) name and the attributes it keeps, in their order. */
export type PolicyElement = { tag: string; attributes: Record<string, string> };

/**
 * One element under a profile: renamed, its attributes filtered (trimmed, empty ones dropped, then the forced
 * ones set), or null when the element must go with its content. Images are shown only from this site (docs/product.md#privacy), so an image
 * without a same-site path is dropped. Whether the element itself is allowed is `profile.tags`' business.
 */
export function applyPolicy(profile: MarkdownProfile, tag: string, attributes: Readonly<Record<string, string>>): PolicyElement | null {
  const name = profile.renamed[tag] ?? tag;
  const allowed = profile.attributes[name] ?? [];
  const kept: Record<string, string> = {};
  for (const [attribute, raw] of Object.entries(attributes)) {
    const value = raw.trim();
    if (!allowed.includes(attribute)) continue;
    // An empty value says nothing, except an image's empty alt: the mark of a decorative image.
    if (value === "" && !(name === "img" && attribute === "alt")) continue;
    if (attribute === "href" && !isAllowedLinkUrl(value)) continue;
    if (attribute === "class") {
      const prefixes = profile.classPrefixes[name] ?? [];
      const classes = value.split(/\s+/).filter((item) => item && prefixes.some((prefix) => item.startsWith(prefix)));
      if (classes.length) kept.class = classes.join(" ");
      continue;
    }
    kept[attribute] = value;
  }
  if (name === "img" && !isSameSiteSource(kept.src ?? "")) return null;
  return { tag: name, attributes: { ...kept, ...profile.forced[name] } };
}

/** Every attribute some element of the profile may keep (forced ones included). */
export function attributeNames(profile: MarkdownProfile): string[] {
  const names = [...Object.values(profile.attributes).flat(), ...Object.values(profile.forced).flatMap((forced) => Object.keys(forced))];
  return [...new Set(names)];
}
