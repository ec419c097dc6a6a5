// The one Markdown policy (core/markdown/policy.ts) as the server applies it: tricky Markdown and HTML through
// renderMarkdown, for both profiles. The browser applies the same policy (test/browser/blog: preview = published).
import { describe, expect, it } from "vitest";
import { isAllowedLinkUrl, LINK_REL, MARKDOWN_PROFILES, type MarkdownProfileName } from "@core/markdown/policy";
import { renderMarkdown } from "@worker/services/blog/markdown";

const TRICKY = [
  "# Title in the body\n\n## Section {#id}",
  '<h1 id="top" class="hero">Raw heading</h1>',
  '<div class="fixed inset-0" style="color:red" id="x" data-x="1" onclick="alert(1)">wrapped <em>text</em></div>',
  "```ts\nconst a = 1;\n```",
  '<code class="language-js evil-class">x</code> <code class="hero">y</code>',
  "[web](https://example.com) [plain](http://example.com/a) [mail](mailto:me@example.com) [here](/about) [anchor](#part) [query](?q=1)",
  "[js](javascript:alert(1)) [data](data:text/html,x) [vb](vbscript:x) [other](ftp://example.com/f) [custom](web+x:y)",
  '<a href="//evil.example/x">proto</a> <a href="\\\\evil.example">backslash</a> <a href=" java\tscript:alert(1)">spaced</a>',
  '<a href="/x" title="" rel="opener" target="_top" download>attrs</a>',
  "![same site](/images/blog/privacy-first.svg) ![](/images/blog/privacy-first.svg) ![far](https://tracker.example/p.gif)",
  '<img src="//tracker.example/p.gif" alt="proto"> <img src="/ok.png" srcset="https://x.example/a.png 2x" loading="lazy">',
  "| a | b |\n|:--|--:|\n| 1 | 2 |",
  '<ol start="3" reversed type="a"><li>three</li></ol>',
  "- [x] done\n- [ ] open",
  "<details><summary>more</summary>hidden text</details>",
  "<select><option>secret option</option></select><button>secret button</button><textarea>secret area</textarea>",
  "<script>secret()</script><style>.secret{}</style><svg><text>secret svg</text></svg>",
  "<kbd>Ctrl</kbd> <sup>1</sup> <sub>2</sub> <del>gone</del> <s>struck</s> <mark>marked</mark> <u>under</u>",
  "line one\nline two  \nline three",
];

/** Every element and attribute in `html`, e.g. [["a", ["href", "rel"]], ["p", []]]. */
function elementsOf(html: string) {
  return [...html.matchAll(/<([a-z][a-z0-9]*)([^>]*)>/gi)].map(([, tag, rest]) => {
    const names = [...rest!.matchAll(/\s([a-z-]+)(?:="[^"]*")?/gi)].map(([, name]) => name!);
    return [tag!.toLowerCase(), names] as const;
  });
}

describe.each(Object.keys(MARKDOWN_PROFILES) as MarkdownProfileName[])("the %s profile on the server", (name) => {
  const profile = MARKDOWN_PROFILES[name];
  const rendered = TRICKY.map((markdown) => renderMarkdown(markdown, name));

  it("keeps only the profile's elements and, on each, only its attributes", () => {
    for (const html of rendered) {
      for (const [tag, attributes] of elementsOf(html)) {
        expect(profile.tags).toContain(tag);
        const allowed = [...(profile.attributes[tag] ?? []), ...Object.keys(profile.forced[tag] ?? {})];
        for (const attribute of attributes) expect(allowed).toContain(attribute);
      }
    }
  });

  it("writes an h1 as h2 and keeps the text of refused wrappers", () => {
    const [headings, raw, wrapper] = rendered;
    expect(headings).toContain("<h2>Title in the body</h2>");
    expect(raw).toBe("<h2>Raw heading</h2>");
    expect(wrapper).toBe("wrapped <em>text</em>");
  });

  it("keeps a fenced block's language class and no other class", () => {
    expect(rendered[3]).toContain('<code class="language-ts">const a = 1;\n</code></pre>');
    expect(rendered[4]).toBe('<p><code class="language-js">x</code> <code>y</code></p>\n');
  });

  it("makes every code block a named focus stop, so that a keyboard can scroll it (axe: scrollable-region-focusable)", () => {
    expect(rendered[3]).toContain('<pre tabindex="0" role="group" aria-label="Code block"><code');
  });

  it("keeps links over http, https, mailto and relative URLs, each with the forced rel (and the chat's target)", () => {
    const forced = Object.entries(profile.forced.a ?? {})
      .map(([attribute, value]) => ` ${attribute}="${value}"`)
      .join("");
    expect(forced).toContain(`rel="${LINK_REL}"`);
    expect(forced.includes('target="_blank"')).toBe(name === "chat");
    for (const href of ["https://example.com", "http://example.com/a", "mailto:me@example.com", "/about", "#part", "?q=1"]) {
      expect(rendered[5]).toContain(`<a href="${href}"${forced}>`);
    }
  });

  it("takes the href off links with another scheme or another host", () => {
    for (const html of [rendered[6]!, rendered[7]!]) {
      expect(html).not.toContain("href=");
      expect(html.match(/<a /g)).toHaveLength(html === rendered[6] ? 5 : 3);
    }
  });

  it("drops unknown attributes and empty ones, whatever the link had", () => {
    const forced = name === "chat" ? ` rel="${LINK_REL}" target="_blank"` : ` rel="${LINK_REL}"`;
    expect(rendered[8]).toBe(`<p><a href="/x"${forced}>attrs</a></p>\n`);
  });

  it("shows images only from this site, keeping an empty alt", () => {
    expect(rendered[9]).toBe(
      '<p><img src="/images/blog/privacy-first.svg" alt="same site" /> <img src="/images/blog/privacy-first.svg" alt="" /> </p>\n',
    );
    expect(rendered[10]).toBe('<p> <img src="/ok.png" /></p>\n');
  });

  it("keeps tables' alignment, a list's start, and inline elements of the list", () => {
    expect(rendered[11]).toContain('<th align="left">a</th>');
    expect(rendered[11]).toContain('<td align="right">2</td>');
    expect(rendered[12]).toBe('<ol start="3"><li>three</li></ol>');
    expect(rendered[13]).not.toContain("<input");
    expect(rendered[17]).toContain("<kbd>Ctrl</kbd> <sup>1</sup> <sub>2</sub> <del>gone</del> <s>struck</s> marked under");
  });

  it("drops scripts, styles, SVG and form controls with everything inside them", () => {
    expect(rendered[14]).toBe("morehidden text");
    for (const html of [rendered[15]!, rendered[16]!]) expect(html).not.toMatch(/secret/);
  });

  it("keeps soft line breaks soft (marked's breaks: false), and hard ones", () => {
    expect(rendered[18]).toBe("<p>line one\nline two<br />line three</p>\n");
  });
});

describe("isAllowedLinkUrl", () => {
  it.each([
    ["https://example.com", true],
    ["MAILTO:me@example.com", true],
    ["/about", true],
    ["about", true],
    ["#x", true],
    ["//evil.example", false],
    ["\\\\evil.example", false],
    [" \t//evil.example", false],
    ["java\nscript:alert(1)", false],
    ["data:text/html,x", false],
    ["ftp://example.com", false],
  ] as const)("%j is %s", (url, allowed) => {
    expect(isAllowedLinkUrl(url)).toBe(allowed);
  });
});
