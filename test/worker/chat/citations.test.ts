// [n] markers become links to an answer's numbered sources, rendered under the chat profile of the Markdown policy.
import { describe, expect, it } from "vitest";
import { linkCitations, sourceHref } from "@core/chat/citations";
import { renderMarkdown } from "../../../worker/services/blog/markdown";

const sources = [
  { n: 1, title: 'The "first" one', url: "https://example.org/a?q=1 2" },
  { n: 2, title: "Second", url: "https://example.org/b_(c)" },
];

describe("linkCitations", () => {
  it("links each known [n] to its source, opening in a new tab without referrer or endorsement", () => {
    const html = renderMarkdown(linkCitations("Solar grew [1], wind too [2][1].", sources), "chat");
    const links = [...html.matchAll(/<a ([^>]*)>(\[\d\])<\/a>/g)].map(([, attributes, text]) => ({ attributes, text }));
    expect(links.map(({ text }) => text)).toEqual(["[1]", "[2]", "[1]"]);
    for (const { attributes } of links) {
      expect(attributes).toContain('rel="noopener noreferrer nofollow"');
      expect(attributes).toContain('target="_blank"');
    }
    expect(links[0]!.attributes).toContain('href="https://example.org/a?q=1%202"');
    expect(links[1]!.attributes).toContain('href="https://example.org/b_(c)"');
  });

  it("leaves unknown numbers, code, existing links and reference definitions alone", () => {
    const text = "See [3], `arr[1]`, [[1]], [1](https://x.test) and\n\n```\nx[1]\n```\n\n[1]: https://y.test";
    expect(linkCitations(text, sources)).toBe(text);
    expect(linkCitations("Plain [1].", [])).toBe("Plain [1].");
    expect(linkCitations("Plain [1].", null)).toBe("Plain [1].");
  });

  it("never links an address that is not http(s)", () => {
    expect(sourceHref("javascript:alert(1)")).toBeNull();
    expect(sourceHref("not a url")).toBeNull();
    expect(linkCitations("Bad [1].", [{ n: 1, title: "x", url: "javascript:alert(1)" }])).toBe("Bad [1].");
  });
});
