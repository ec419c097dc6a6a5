// Post Markdown → HTML on the server: marked renders, then sanitize-html keeps a strict allowlist. DOMPurify
// needs a real DOM and is unsafe in workerd (docs/decisions/0007-markdown-policy.md); the browser preview uses it instead.
import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";
import { isSameSitePath } from "@core/schemas/blog";

const marked = new Marked({ gfm: true, breaks: false, async: false });

export const LINK_REL = "noopener noreferrer nofollow";

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "p",
    "br",
    "hr",
    "blockquote",
    "ul",
    "ol",
    "li",
    "strong",
    "em",
    "b",
    "i",
    "del",
    "s",
    "code",
    "pre",
    "a",
    "img",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "sup",
    "sub",
    "kbd",
  ],
  allowedAttributes: {
    a: ["href", "title", "rel"],
    img: ["src", "alt", "title", "width", "height"],
    code: ["class"],
    ol: ["start"],
    th: ["align"],
    td: ["align"],
  },
  allowedClasses: { code: ["language-*"] },
  // Links may leave the site over http(s) or mail; images may only come from this site (checked below).
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: [] },
  allowedSchemesAppliedToAttributes: ["href", "src", "cite", "action", "formaction", "xlink:href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // Dropped together with everything inside them, not just unwrapped.
  nonTextTags: [
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
  ],
  transformTags: {
    // The page's title is the only h1.
    h1: "h2",
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: LINK_REL } }),
  },
  // An image that does not come from this site (or lost its src) is dropped: pages load nothing from other hosts.
  exclusiveFilter: (frame) => frame.tag === "img" && !(frame.attribs.src && isSameSitePath(frame.attribs.src)),
};

/** Sanitizes HTML with the blog's allowlist (exported for the tests' hostile corpus). */
export function sanitizePostHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE_OPTIONS);
}

/** Renders a post's Markdown to HTML that is safe to put in the page as is. */
export function renderMarkdown(markdown: string): string {
  return sanitizePostHtml(marked.parse(markdown) as string);
}
