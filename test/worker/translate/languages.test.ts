// The language-code rules of docs/product.md#translator as a table, plus the catalogue's shape.
import { describe, expect, it } from "vitest";
import { AUTO, checkLanguageCode, engineLanguageCode, LANGUAGES, LANGUAGES_BY_LABEL, normalizeLanguageCode, resolveAlias } from "@core/languages";

type Row = [input: unknown, expected: string, options?: { allowAuto?: boolean }];

// expected: "ok:CODE", "required", "invalid" or "unsupported".
const TABLE: Row[] = [
  // normalisation
  ["en", "ok:en"],
  ["EN", "ok:en"],
  ["  es ", "ok:es"],
  ["e s", "ok:es"],
  ["pt_br", "ok:pt-BR"],
  ["PT-br", "ok:pt-BR"],
  ["pt_BR", "ok:pt-BR"],
  ["sr_latn", "ok:sr-Latn"],
  ["SR-LATN", "ok:sr-Latn"],
  ["sr-cyrl", "ok:sr-Cyrl"],
  ["zh_hant", "ok:zh-Hant"],
  ["zh-hans", "ok:zh-Hans"],
  ["es_419", "ok:es-419"],
  ["en-gb", "ok:en-GB"],
  ["fr_ca", "ok:fr-CA"],
  ["uz_CYRL", "ok:uz-Cyrl"],
  ["CA_es_VALENCIA", "ok:ca-ES-valencia"],
  ["fil", "ok:fil"],
  ["yue", "ok:yue"],
  ["haw", "ok:haw"],
  // aliases
  ["zh", "ok:zh-CN"],
  ["ZH", "ok:zh-CN"],
  ["no", "ok:nb"],
  ["iw", "ok:he"],
  ["in", "ok:id"],
  ["no_NO", "ok:nb"],
  ["zh_tw", "ok:zh-TW"],
  // a known language with an unlisted region falls back to the language
  ["en-NZ", "ok:en"],
  ["de-LI", "ok:de"],
  // auto
  ["auto", "ok:auto", { allowAuto: true }],
  ["AUTO", "ok:auto", { allowAuto: true }],
  ["auto", "invalid"],
  // required
  ["", "required"],
  ["   ", "required"],
  [undefined, "required"],
  [null, "required"],
  // invalid: the pattern
  ["e", "invalid"],
  ["english", "invalid"],
  ["en-", "invalid"],
  ["en--US", "invalid"],
  ["12", "invalid"],
  ["en-U", "invalid"],
  ["en-toolongsubtag", "invalid"],
  ["e$", "invalid"],
  ["en;DROP", "invalid"],
  [42, "invalid"],
  // invalid: test and noise codes
  ["xx", "invalid"],
  ["xxx", "invalid"],
  ["und", "invalid"],
  ["zxx", "invalid"],
  ["mul", "invalid"],
  ["qaa", "invalid"],
  ["qtz", "invalid"],
  ["en-test", "invalid"],
  ["en-XX", "invalid"],
  // unsupported: well-formed but not a catalogue language
  ["abc", "unsupported"],
  ["zzy", "unsupported"],
  ["ab-Cdef", "ok:ab"],
  ["xyz-Latn", "unsupported"],
];

describe("language codes (docs/product.md#translator)", () => {
  it("has at least 40 cases", () => expect(TABLE.length).toBeGreaterThanOrEqual(40));

  it.each(TABLE)("%j → %s", (input, expected, options) => {
    const result = checkLanguageCode(input, options);
    if (result.ok) expect(`ok:${result.code}`).toBe(expected);
    else expect(result.reason).toBe(expected);
  });

  it("gives the translator's error messages (docs/product.md#errors)", () => {
    expect(checkLanguageCode("")).toMatchObject({ message: "Language code is required" });
    expect(checkLanguageCode("", { requiredMessage: "Target language is required" })).toMatchObject({ message: "Target language is required" });
    expect(checkLanguageCode("e$")).toMatchObject({ message: "Invalid language code: e$" });
    expect(checkLanguageCode("abc")).toMatchObject({ message: "Unsupported language code: abc" });
  });

  it.each([
    ["pt_br", "pt-BR"],
    [" zh _ hant ", "zh-Hant"],
    ["SR_latn_rs", "sr-Latn-RS"],
    ["es-419", "es-419"],
    ["", ""],
  ])("normalises %j to %j", (input, expected) => expect(normalizeLanguageCode(input)).toBe(expected));

  it.each([
    ["zh", "zh-CN"],
    ["no", "nb"],
    ["iw", "he"],
    ["in", "id"],
    ["iw-IL", "he-IL"],
    ["en", "en"],
  ])("resolves the alias %s → %s", (input, expected) => expect(resolveAlias(input)).toBe(expected));

  it.each([
    ["zh-CN", "zh"],
    ["zh-Hans", "zh"],
    ["zh-TW", "zh_Hant"],
    ["zh-Hant", "zh_Hant"],
    ["zh-HK", "zh_Hant"],
    ["es", "es"],
  ])("engine code of %s is %s", (input, expected) => expect(engineLanguageCode(input)).toBe(expected));
});

describe("catalogue", () => {
  it("has about 600 unique, valid entries with major languages first", () => {
    expect(LANGUAGES.length).toBeGreaterThanOrEqual(550);
    expect(LANGUAGES.length).toBeLessThanOrEqual(700);
    const codes = LANGUAGES.map((language) => language.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(new Set(LANGUAGES.map((language) => language.label)).size).toBe(codes.length);
    expect(codes.slice(0, 4)).toEqual(["en", "zh-CN", "zh-TW", "es"]);
    for (const code of codes) expect(checkLanguageCode(code)).toEqual({ ok: true, code });
    expect(codes).not.toContain(AUTO);
  });

  it("has native labels and long-tail languages", () => {
    expect(LANGUAGES.find((language) => language.code === "es")).toEqual({ code: "es", label: "Spanish", nativeLabel: "español" });
    expect(LANGUAGES.find((language) => language.code === "zh-TW")?.nativeLabel).toBe("繁體中文");
    for (const code of ["sr-Latn", "zh-Hant", "ca-ES-valencia", "haw", "szl", "yo", "qu", "gd"]) expect(codes()).toContain(code);
  });

  it("is sorted by label for the selector", () => {
    const labels = LANGUAGES_BY_LABEL.map((language) => language.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, "en")));
  });
});

const codes = () => LANGUAGES.map((language) => language.code);
