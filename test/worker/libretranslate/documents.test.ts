// Documents keep their structure: each format is cut into segments and rebuilt around translations, with only the
// text changed (here a visible stand-in translation, so every byte that is not text can be compared), and hostile
// HTML comes back as inert as it came. Then the real path: /lt/translate_file through Apertium and its download.
import { env } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import { splitDocument } from "@worker/services/documents/translate";
import { translatedFileName } from "@core/schemas/documents";
import { accountWithKey, answer, ltMultipart } from "./support";

const withApertium = it.skipIf(!inject("apertiumAvailable"));
const shout = (segments: readonly string[]) => segments.map((segment) => segment.toUpperCase());

const SRT = "1\n00:00:01,000 --> 00:00:02,500\nHello there.\nSecond line.\n\n2\n00:00:03,000 --> 00:00:04,000\nGoodbye.\n";
const VTT = "WEBVTT\n\nNOTE this stays\n\nintro\n00:00.000 --> 00:01.000 align:start\n<v Ann>Hello there.\n\n00:01.500 --> 00:02.000\nGoodbye.\n";
const MARKDOWN = [
  "# Title *here*",
  "",
  'Read [the guide](https://example.com/guide "guide") and `run code` now.',
  "",
  "- first item",
  "- second item",
  "",
  "> a quote",
  "> on two lines",
  "",
  "```js",
  "const text = 'never translated';",
  "```",
  "",
  "| head | more |",
  "|------|------|",
  "| cell | data |",
  "",
].join("\n");

describe("document formats", () => {
  it("plain text: paragraphs are segments, blank lines stay", () => {
    const split = splitDocument("txt", "First line\nsame paragraph.\n\n\nSecond paragraph.\n");
    expect(split.segments).toEqual(["First line\nsame paragraph.", "Second paragraph."]);
    expect(split.join(shout(split.segments))).toBe("FIRST LINE\nSAME PARAGRAPH.\n\n\nSECOND PARAGRAPH.\n");
  });

  it("SubRip: numbering and timings stay, each cue's lines are one segment", () => {
    const split = splitDocument("srt", SRT);
    expect(split.segments).toEqual(["Hello there.\nSecond line.", "Goodbye."]);
    expect(split.join(shout(split.segments))).toBe(
      SRT.replace("Hello there.\nSecond line.", "HELLO THERE.\nSECOND LINE.").replace("Goodbye.", "GOODBYE."),
    );
  });

  it("WebVTT: the header, notes, cue identifiers and settings stay", () => {
    const split = splitDocument("vtt", VTT);
    expect(split.segments).toEqual(["<v Ann>Hello there.", "Goodbye."]);
    const out = split.join(["<v Ann>Hola.", "Adiós."]);
    expect(out).toBe(VTT.replace("<v Ann>Hello there.", "<v Ann>Hola.").replace("Goodbye.", "Adiós."));
  });

  it("Markdown: only text is translated; marks, link addresses, code and tables stay", () => {
    const split = splitDocument("md", MARKDOWN);
    expect(split.segments).toEqual([
      "Title ",
      "here",
      "Read ",
      "the guide",
      " and ",
      " now.",
      "first item",
      "second item",
      "a quote",
      "on two lines",
      "head",
      "more",
      "cell",
      "data",
    ]);
    const out = split.join(shout(split.segments));
    expect(out).toContain("# TITLE *HERE*");
    expect(out).toContain('READ [THE GUIDE](https://example.com/guide "guide") AND `run code` NOW.');
    expect(out).toContain("> A QUOTE\n> ON TWO LINES");
    expect(out).toContain("```js\nconst text = 'never translated';\n```");
    expect(out).toContain("| HEAD | MORE |\n|------|------|\n| CELL | DATA |");
  });

  it("HTML: only text nodes are translated; tags and attributes stay, and hostile markup stays inert text", () => {
    const source =
      '<!doctype html><html><head><title>Page</title><style>p{color:red}</style></head><body onload="steal()">' +
      '<p class="lead" title="keep me">Hello &amp; welcome</p><img src=x onerror="alert(1)"><code>npm run</code>' +
      '<script>document.write("<p>not text</p>")</script><p translate="no">Parley</p></body></html>';
    const split = splitDocument("html", source);
    expect(split.segments).toEqual(["Page", "Hello & welcome"]);
    // A translation that reads like markup is written back as text, never as a tag.
    const out = split.join(["Página", '<script>alert("x")</script> & bienvenidos']);
    expect(out).toContain('<p class="lead" title="keep me">&lt;script&gt;alert("x")&lt;/script&gt; &amp; bienvenidos</p>');
    expect(out).toContain("<title>Página</title>");
    expect(out).toContain('<script>document.write("<p>not text</p>")</script>');
    expect(out).toContain('<img src="x" onerror="alert(1)">');
    expect(out).toContain("<code>npm run</code>");
    expect(out).toContain('<p translate="no">Parley</p>');
    expect(out.match(/<script>/g)).toHaveLength(1);
  });

  it("names the result after the file and the target language, with safe characters only", () => {
    expect(translatedFileName("notes.md", "es")).toBe("notes.es.md");
    expect(translatedFileName("../x/films<1>.srt", "pt-BR")).toBe("films_1_.pt-BR.srt");
    expect(translatedFileName("README", "fr")).toBe("README.fr");
  });
});

describe("POST /lt/translate_file", () => {
  withApertium("translates a subtitle file and hands it over once, by a URL that holds no text of it", async () => {
    const { key, userId } = await accountWithKey();
    const file = new File([SRT], "talk.srt", { type: "application/x-subrip" });
    const { status, body } = await answer<{ translatedFileUrl: string }>(
      await ltMultipart("/translate_file", { file, source: "en", target: "es", api_key: key }),
    );
    expect(status).toBe(200);
    const url = new URL(body.translatedFileUrl);
    expect(url.pathname).toMatch(/^\/lt\/download_file\/[0-9a-f-]{36}\.[A-Za-z0-9_-]+$/);
    // Held sealed: the stored bytes are not the translation.
    const stored = await env.DB.prepare("SELECT ciphertext FROM translated_files WHERE user_id = ?").bind(userId).first<{ ciphertext: number[] }>();
    expect(new TextDecoder().decode(new Uint8Array(stored!.ciphertext))).not.toContain("00:00:01,000");
    const { SELF } = await import("cloudflare:test");
    const download = await SELF.fetch(body.translatedFileUrl);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/octet-stream");
    expect(download.headers.get("content-disposition")).toContain('attachment; filename="talk.es.srt"');
    const text = await download.text();
    expect(text).toMatch(/^1\n00:00:01,000 --> 00:00:02,500\n.+\n.+\n\n2\n00:00:03,000 --> 00:00:04,000\n.+\n$/);
    expect(text).toContain("Adiós");
    // Gone after the download: the second try finds nothing, and D1 holds nothing of it.
    expect(await answer(await SELF.fetch(body.translatedFileUrl))).toEqual({
      status: 404,
      body: { error: "This file has already been downloaded or has expired." },
    });
    expect(await env.DB.prepare("SELECT count(*) AS n FROM translated_files WHERE user_id = ?").bind(userId).first("n")).toBe(0);
  });

  it.each([
    [{ source: "en", target: "es" }, "Invalid request: missing file parameter"],
    [{ file: new File(["%PDF"], "scan.pdf"), source: "en", target: "es" }, "Invalid request: file format not supported"],
    [{ file: new File(["hi"], "a.txt"), target: "es" }, "Invalid request: missing source parameter"],
    [{ file: new File(["hi"], "a.txt"), source: "en", target: "qq" }, "qq is not supported"],
    [
      { file: new File([new Uint8Array([0xff, 0xfe, 0x00])], "a.txt"), source: "en", target: "es" },
      "The file is not UTF-8 text. Save it as UTF-8 and try again.",
    ],
  ])("answers 400 {error} for a bad request: %#", async (fields, message) => {
    const { key } = await accountWithKey();
    expect(await answer(await ltMultipart("/translate_file", { ...fields, api_key: key }))).toEqual({ status: 400, body: { error: message } });
  });

  it("asks for a key before it reads the file", async () => {
    const file = new File(["Hello"], "a.txt");
    expect((await ltMultipart("/translate_file", { file, source: "en", target: "es" })).status).toBe(400);
    expect(await answer(await ltMultipart("/translate_file", { file, source: "en", target: "es", api_key: "plt_wrong" }))).toEqual({
      status: 403,
      body: { error: "Invalid API key" },
    });
  });
});
