// A hostile corpus against the server renderer (marked + sanitize-html): nothing executable survives.
import { describe, expect, it } from "vitest";
import { LINK_REL, renderMarkdown, sanitizePostHtml } from "@worker/services/blog/markdown";

const PAYLOADS: string[] = [
  // script tags
  "<script>alert(1)</script>",
  "<SCRIPT SRC=/xss.js></SCRIPT>",
  "<script>document.write('<img src=x onerror=alert(1)>')</script>",
  "<scr<script>ipt>alert(1)</scr</script>ipt>",
  "<<script>script>alert(1)<</script>/script>",
  '<script type="module">import("/x")</script>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  // event handlers
  "<img src=x onerror=alert(1)>",
  '<img src="/ok.png" onerror="alert(1)">',
  '<img src=x onerror="&#97;&#108;&#101;&#114;&#116;(1)">',
  '<p onclick="alert(1)">click</p>',
  '<a href="/x" onmouseover="alert(1)">hover</a>',
  '<div onpointerenter="alert(1)">x</div>',
  "<body onload=alert(1)>",
  '<details open ontoggle="alert(1)">',
  '<video><source onerror="alert(1)"></video>',
  "<audio src=x onerror=alert(1)>",
  "<input autofocus onfocus=alert(1)>",
  "<marquee onstart=alert(1)>x</marquee>",
  // SVG and MathML
  "<svg onload=alert(1)>",
  "<svg><script>alert(1)</script></svg>",
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  "<svg><animate onbegin=alert(1) attributeName=x dur=1s>",
  '<svg><foreignObject><iframe src="javascript:alert(1)"></iframe></foreignObject></svg>',
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
  '<math href="javascript:alert(1)">click</math>',
  "<math><maction actiontype=statusline xlink:href=javascript:alert(1)>x</maction></math>",
  // iframes, objects, embeds, frames
  '<iframe src="https://evil.example"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<frameset><frame src="javascript:alert(1)"></frameset>',
  '<applet code="x"></applet>',
  // style
  "<style>body{background:url(javascript:alert(1))}</style>",
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<div style="behavior:url(x.htc)">x</div>',
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  // forms
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<form><button formaction="javascript:alert(1)">go</button></form>',
  '<isindex action="javascript:alert(1)" type=image>',
  // meta, base, templates
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  "<template><script>alert(1)</script></template>",
  // javascript: and data: links in HTML
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="java\tscript:alert(1)">x</a>',
  '<a href="java&#x09;script:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">x</a>',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<img src="javascript:alert(1)">',
  '<img src="data:image/svg+xml,<svg onload=alert(1)>">',
  // Markdown forms of the same
  "[click](javascript:alert(1))",
  "[click](JAVASCRIPT:alert(1))",
  "[click](javascript&#58;alert(1))",
  "[click](&#106;avascript:alert(1))",
  "[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
  "[click](<javascript:alert(1)>)",
  "[ref][1]\n\n[1]: javascript:alert(1)",
  "<javascript:alert(1)>",
  "![x](javascript:alert(1))",
  '![x](x" onerror="alert(1))',
  "![x](https://tracker.example/pixel.gif)",
  "![x](//tracker.example/pixel.gif)",
  "![x](data:image/png;base64,iVBORw0KGgo=)",
  '[x](https://example.com "title\\" onmouseover=\\"alert(1)")',
  "```html\n<script>alert(1)</script>\n```",
  "`<img src=x onerror=alert(1)>`",
  // attribute breaking and mutation tricks
  '<img src="/x.png"/onerror=alert(1)>',
  '<a href="/ok"><img src=x onerror=alert(1)></a>',
  '"><script>alert(1)</script>',
  "<img src=`x` onerror=alert(1)>",
  '<div id="x" class="x" data-x="y" tabindex="1">attributes</div>',
  "<xmp><img src=x onerror=alert(1)></xmp>",
  "<textarea><img src=x onerror=alert(1)></textarea>",
  "<title><img src=x onerror=alert(1)></title>",
];

/** Anything that could run script, load from another host, or restyle the page. */
function assertInert(html: string) {
  const lower = html.toLowerCase();
  expect(lower).not.toMatch(
    /<\s*(script|style|iframe|object|embed|frame|frameset|applet|svg|math|form|input|button|textarea|select|meta|base|link|template|video|audio|source|details|marquee|body|noscript|xmp|title|isindex)\b/,
  );
  // Attribute names of every tag, with quoted values removed (text such as "onerror=" inside a title or a code span is inert).
  // A code block's focus stop (tabindex="0", forced by the policy so a keyboard can scroll it) is the one allowed.
  const tags = (html.match(/<[a-z][^>]*>/gi) ?? []).map((tag) => tag.replace(/^<pre tabindex="0"/i, "<pre").replace(/="[^"]*"/g, '=""'));
  for (const tag of tags) {
    expect(tag).not.toMatch(/\son[a-z]+\s*=/i);
    expect(tag).not.toMatch(/\s(?:style|id|tabindex|data-[a-z-]+|srcdoc|formaction|action|xlink:href)\s*=/i);
  }
  for (const [, value] of html.matchAll(/\sclass="([^"]*)"/gi)) expect(value).toMatch(/^language-[\w-]+$/);
  for (const [, url] of html.matchAll(/\s(?:href|src)="([^"]*)"/gi)) {
    // Browsers ignore control characters in a URL, so they are stripped before the scheme is checked.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters to strip
    const controlCharacters = /[\s\u0000-\u001f]/g;
    const decoded = url!.replace(/&amp;/g, "&").replace(controlCharacters, "").toLowerCase();
    expect(decoded).not.toMatch(/^(javascript|vbscript|data):/);
    expect(decoded.startsWith("//")).toBe(false);
  }
  for (const [, src] of html.matchAll(/<img[^>]*\ssrc="([^"]*)"/gi)) expect(src!.startsWith("/") && !src!.startsWith("//")).toBe(true);
}

describe("the server renderer against a hostile corpus", () => {
  it("has at least 60 payloads", () => {
    expect(PAYLOADS.length).toBeGreaterThanOrEqual(60);
  });

  it.each(PAYLOADS.map((payload, index) => [index, payload] as const))("payload %i renders inert: %s", (_index, payload) => {
    assertInert(renderMarkdown(payload));
    assertInert(sanitizePostHtml(payload));
    // Embedded in an ordinary post, too.
    assertInert(renderMarkdown(`# Post\n\nSome text.\n\n${payload}\n\nMore text.`));
  });

  it("every link gets the rel, and safe content survives", () => {
    const html = renderMarkdown(
      '# Heading\n\nA [site link](/about), an [external one](https://example.com/a?b=1&c=2) and **bold**.\n\n- list\n\n```ts\nconst x = 1 < 2;\n```\n\n![Cover](/images/blog/privacy-first.svg)\n\n<a href="https://example.com" rel="opener" target="_blank">raw</a>',
    );
    expect(html).toContain("<h2>Heading</h2>");
    expect(html).toContain(`<a href="/about" rel="${LINK_REL}">site link</a>`);
    expect(html).toContain(`<a href="https://example.com/a?b=1&amp;c=2" rel="${LINK_REL}">external one</a>`);
    expect(html).toContain(`<a href="https://example.com" rel="${LINK_REL}">raw</a>`);
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toContain('<code class="language-ts">const x = 1 &lt; 2;\n</code>');
    expect(html).toContain('<img src="/images/blog/privacy-first.svg" alt="Cover" />');
    expect(html).not.toContain("target=");
  });

  it("drops images from other hosts but keeps the surrounding text", () => {
    const html = renderMarkdown("Before ![t](https://tracker.example/p.gif) after");
    expect(html).not.toContain("<img");
    expect(html).toContain("Before");
    expect(html).toContain("after");
  });

  it("escapes HTML shown inside code", () => {
    expect(renderMarkdown("`<script>alert(1)</script>`")).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });
});
