// Markdown in the browser: marked with the policy's options, then DOMPurify configured from the same profile as
// the server's sanitize-html (core/markdown/policy.ts, docs/decisions/0011-markdown-policy.md). marked and
// DOMPurify are loaded on first use, so only the screens that render Markdown ship them.
import type { Config } from "dompurify";
import {
  applyPolicy,
  attributeNames,
  DROPPED_WITH_CONTENT,
  LINK_SCHEMES,
  MARKDOWN_PROFILES,
  MARKED_OPTIONS,
  type MarkdownProfile,
  type MarkdownProfileName,
} from "@core/markdown/policy";

/** Sanitized Markdown as DOM nodes, to be serialized or placed as they are. */
export type MarkdownRenderer = (markdown: string) => DocumentFragment;

const renderers = new Map<MarkdownProfileName, Promise<MarkdownRenderer>>();

/** DOMPurify's own URL check, with our schemes (relative URLs pass; applyPolicy refuses protocol-relative ones). */
const allowedUri = new RegExp(`^(?:(?:${LINK_SCHEMES.join("|")}):|[^a-z]|[a-z+.\\-]+(?:[^a-z+.\\-:]|$))`, "i");

/** Writes each renamed element under its new name, keeping its attributes and children. */
function renameElements(fragment: DocumentFragment, profile: MarkdownProfile) {
  for (const [from, to] of Object.entries(profile.renamed)) {
    for (const element of Array.from(fragment.querySelectorAll(from))) {
      const renamed = document.createElement(to);
      for (const { name, value } of Array.from(element.attributes)) renamed.setAttribute(name, value);
      while (element.firstChild) renamed.appendChild(element.firstChild);
      element.replaceWith(renamed);
    }
  }
}

async function createRenderer(profile: MarkdownProfile): Promise<MarkdownRenderer> {
  const [{ Marked }, { default: DOMPurify }] = await Promise.all([import("marked"), import("dompurify")]);
  const marked = new Marked(MARKED_OPTIONS);
  const purify = DOMPurify(window);
  // DOMPurify has checked the element; the policy then decides its attributes exactly as on the server (the same
  // values in the same order), or drops it.
  purify.addHook("afterSanitizeAttributes", (node) => {
    const attributes = Object.fromEntries(Array.from(node.attributes, ({ name, value }) => [name, value]));
    const element = applyPolicy(profile, node.tagName.toLowerCase(), attributes);
    if (!element) {
      node.remove();
      return;
    }
    for (const name of Object.keys(attributes)) node.removeAttribute(name);
    for (const [name, value] of Object.entries(element.attributes)) node.setAttribute(name, value);
  });
  const config: Config & { RETURN_DOM_FRAGMENT: true } = {
    ALLOWED_TAGS: [...profile.tags, ...Object.keys(profile.renamed)],
    ALLOWED_ATTR: attributeNames(profile),
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    ALLOWED_URI_REGEXP: allowedUri,
    FORBID_CONTENTS: [...DROPPED_WITH_CONTENT],
    RETURN_DOM_FRAGMENT: true,
  };
  return (markdown) => {
    const fragment = purify.sanitize(marked.parse(markdown) as string, config);
    renameElements(fragment, profile);
    return fragment;
  };
}

/** The renderer for a profile of the Markdown policy, loaded once. */
export function loadMarkdownRenderer(profile: MarkdownProfileName): Promise<MarkdownRenderer> {
  let renderer = renderers.get(profile);
  if (!renderer) {
    renderer = createRenderer(MARKDOWN_PROFILES[profile]);
    renderers.set(profile, renderer);
  }
  return renderer;
}

/** A fragment's HTML. */
export function fragmentHtml(fragment: DocumentFragment): string {
  const holder = document.createElement("div");
  holder.appendChild(fragment);
  return holder.innerHTML;
}
