// Markdown → HTML on the server: marked renders, then sanitize-html applies the shared policy
// (core/markdown/policy.ts). DOMPurify, the browser's sanitizer, needs a real DOM, which workerd does not have
// (docs/decisions/0011-markdown-policy.md); both are configured from the same profile.
import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";
import {
  applyPolicy,
  attributeNames,
  DROPPED_WITH_CONTENT,
  LINK_REL,
  LINK_SCHEMES,
  MARKDOWN_PROFILES,
  MARKED_OPTIONS,
  type MarkdownProfile,
  type MarkdownProfileName,
} from "@core/markdown/policy";

export { LINK_REL };

const marked = new Marked(MARKED_OPTIONS);

function sanitizeOptions(profile: MarkdownProfile): sanitizeHtml.IOptions {
  const attributes = attributeNames(profile);
  return {
    allowedTags: [...profile.tags],
    // The policy filters each element's attributes (transformTags below); this list is the library's own bound.
    allowedAttributes: Object.fromEntries(profile.tags.map((tag) => [tag, attributes])),
    allowedClasses: Object.fromEntries(Object.entries(profile.classPrefixes).map(([tag, prefixes]) => [tag, prefixes.map((prefix) => `${prefix}*`)])),
    allowedSchemes: [...LINK_SCHEMES],
    // Images must be paths on this site (applyPolicy drops the rest).
    allowedSchemesByTag: { img: [] },
    allowedSchemesAppliedToAttributes: ["href", "src", "cite", "action", "formaction", "xlink:href"],
    allowProtocolRelative: false,
    disallowedTagsMode: "discard",
    nonTextTags: [...DROPPED_WITH_CONTENT],
    transformTags: {
      "*": (tagName, attribs) => {
        const element = applyPolicy(profile, tagName, attribs);
        return element ? { tagName: element.tag, attribs: element.attributes } : { tagName, attribs };
      },
    },
    // An element the policy refuses goes, with its content.
    exclusiveFilter: (frame) => applyPolicy(profile, frame.tag, frame.attribs) === null,
  };
}

const OPTIONS = Object.fromEntries(Object.entries(MARKDOWN_PROFILES).map(([name, profile]) => [name, sanitizeOptions(profile)])) as Record<
  MarkdownProfileName,
  sanitizeHtml.IOptions
>;

/** Sanitizes HTML with a profile of the Markdown policy (exported for the tests' hostile corpus). */
export function sanitizePostHtml(html: string, profile: MarkdownProfileName = "post"): string {
  return sanitizeHtml(html, OPTIONS[profile]);
}

/** Renders Markdown to HTML that is safe to put in the page as is: a post by default, or a chat answer. */
export function renderMarkdown(markdown: string, profile: MarkdownProfileName = "post"): string {
  return sanitizePostHtml(marked.parse(markdown) as string, profile);
}
