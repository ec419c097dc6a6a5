// The post rules of docs/product.md#blog, each as a table.
import { describe, expect, it } from "vitest";
import { generateExcerpt, isCanonicalUrl, parseTags, postInputSchema, readingMinutes } from "@core/schemas/blog";
import { isSameSiteSource } from "@core/same-site-path";
import { slugify } from "@worker/services/blog/slug";

describe("slugify", () => {
  it.each([
    ["Hello World", "hello-world"],
    ["  Hello   World  ", "hello-world"],
    ["Privacy-First Translation!", "privacy-first-translation"],
    ["What's new in v2.0?", "whats-new-in-v20"],
    ["Hello -- World", "hello-world"],
    ["a - b", "a-b"],
    ["Café crème brûlée", "cafe-creme-brulee"],
    ["UPPER lower 123", "upper-lower-123"],
    ["tabs\tand\nnewlines", "tabs-and-newlines"],
    ["--leading and trailing--", "leading-and-trailing"],
    ["<script>alert(1)</script>", "scriptalert1script"],
    ["", "post"],
    ["   ", "post"],
    ["!!!", "post"],
    ["日本語", "post"],
    ["emoji 🎉 party", "emoji-party"],
  ])("%j → %j", (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it("caps long slugs without a trailing hyphen", () => {
    const slug = slugify("word ".repeat(40));
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug.endsWith("-")).toBe(false);
  });
});

describe("generateExcerpt", () => {
  it.each([
    ["# Title\n\nSome *bold* and _italic_ text.", "Title Some bold and italic text."],
    ["**Strong**, ***both***, ~~gone~~ and snake_case_name.", "Strong, both, gone and snake_case_name."],
    ["Before\n\n```js\nconst secret = 1;\n```\n\nAfter", "Before After"],
    ["Use `npm start` to run.", "Use to run."],
    ["An image ![alt text](/images/x.svg) here.", "An image here."],
    ["A [link to us](https://example.com) inline.", "A link to us inline."],
    ["- one\n- two\n* three\n1. four", "one two three four"],
    ["> quoted\n> text", "quoted text"],
    ["Lots   of\n\n\nwhitespace\t\there", "Lots of whitespace here"],
    ["~~~\nfenced with tildes\n~~~\nvisible", "visible"],
    ["```\nunclosed code block", null],
    ["", null],
    ["   \n\n  ", null],
    ["![only](/an/image.png)", null],
  ])("%j → %j", (markdown, excerpt) => {
    expect(generateExcerpt(markdown)).toBe(excerpt);
  });

  it("cuts to 160 characters", () => {
    const excerpt = generateExcerpt("word ".repeat(100))!;
    expect(excerpt.length).toBeLessThanOrEqual(160);
    expect(excerpt.startsWith("word word")).toBe(true);
  });
});

describe("parseTags", () => {
  it.each([
    ["privacy, Translation ,AI", ["privacy", "translation", "ai"]],
    ["  one  ", ["one"]],
    [",,, ,", null],
    ["", null],
    [null, null],
    [undefined, null],
    ["a, A, a", ["a"]],
    ["1,2,3,4,5,6,7,8,9,10,11,12", ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"]],
    [
      ["Mixed", " Case "],
      ["mixed", "case"],
    ],
  ] as const)("%j → %j", (input, tags) => {
    expect(parseTags(input as string | string[] | null | undefined)).toEqual(tags);
  });
});

describe("URL rules", () => {
  it.each([
    ["/images/blog/cover.svg", true],
    ["/a", true],
    ["//evil.example/x.png", false],
    ["/\\evil.example/x.png", false],
    ["https://evil.example/x.png", false],
    ["http://evil.example/x.png", false],
    ["data:image/png;base64,AAAA", false],
    ["javascript:alert(1)", false],
    ["images/relative.png", false],
    ["/with space.png", false],
    ["/with\u0001control.png", false],
  ])("same-site source %j → %s", (value, ok) => {
    expect(isSameSiteSource(value)).toBe(ok);
  });

  it.each([
    ["https://medium.example/post", true],
    ["http://example.com/a", true],
    ["/blog/elsewhere", true],
    ["javascript:alert(1)", false],
    ["ftp://example.com/file", false],
    ["not a url", false],
  ])("canonical %j → %s", (value, ok) => {
    expect(isCanonicalUrl(value)).toBe(ok);
  });
});

describe("postInputSchema", () => {
  it("trims, nulls empty optionals, generates the excerpt and parses tags", () => {
    const result = postInputSchema.safeParse({
      title: "  Hello  ",
      excerpt: "  ",
      coverUrl: " ",
      tags: " A, b ,",
      canonicalUrl: "",
      content: "  # Hi\n\nBody text  ",
    });
    expect(result.success).toBe(true);
    expect(result.data).toEqual({
      title: "Hello",
      excerpt: "Hi Body text",
      coverUrl: null,
      tags: ["a", "b"],
      canonicalUrl: null,
      content: "# Hi\n\nBody text",
    });
  });

  it("keeps a written excerpt and same-site cover", () => {
    const result = postInputSchema.safeParse({
      title: "T",
      excerpt: " Mine ",
      coverUrl: " /images/blog/privacy-first.svg ",
      content: "C",
      canonicalUrl: " https://example.com/t ",
    });
    expect(result.data).toMatchObject({
      excerpt: "Mine",
      coverUrl: "/images/blog/privacy-first.svg",
      canonicalUrl: "https://example.com/t",
      tags: null,
    });
  });

  it.each([
    [{ title: " ", content: "x" }, "title"],
    [{ title: "x", content: "  " }, "content"],
    [{ title: "x", content: "x", coverUrl: "https://cdn.example/x.png" }, "coverUrl"],
    [{ title: "x", content: "x", coverUrl: "javascript:alert(1)" }, "coverUrl"],
    [{ title: "x", content: "x", canonicalUrl: "javascript:alert(1)" }, "canonicalUrl"],
    [{ title: "x", content: "x", excerpt: "e".repeat(161) }, "excerpt"],
  ])("rejects %j on %s", (input, field) => {
    const result = postInputSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.path[0])).toContain(field);
  });
});

describe("readingMinutes", () => {
  it.each([
    ["", 1],
    ["one two three", 1],
    ["word ".repeat(220), 1],
    ["word ".repeat(221), 2],
    ["word ".repeat(1000), 5],
  ])("%#", (markdown, minutes) => {
    expect(readingMinutes(markdown)).toBe(minutes);
  });
});
