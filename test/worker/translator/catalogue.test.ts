// The catalogue's gaps (docs/product.md#translator): classical languages with native labels, macrolanguages under
// their two-letter codes (their individual codes still accepted), no label naming its language twice, and the count
// the menu and the translator state.
import { describe, expect, it } from "vitest";
import { checkLanguageCode, findLanguage, LANGUAGES, LANGUAGES_BY_LABEL } from "@core/languages";
import { CATALOGUE_SIZE } from "@core/languages/size";

describe("the catalogue", () => {
  it("has Latin, Sanskrit and other widely used languages, with native labels", () => {
    expect(findLanguage("la")).toEqual({ code: "la", label: "Latin", nativeLabel: "Latina" });
    expect(findLanguage("sa")).toMatchObject({ code: "sa", label: "Sanskrit" });
    expect(findLanguage("sa")?.nativeLabel).toMatch(/^संस्कृत/);
    expect(findLanguage("grc")).toMatchObject({ label: "Ancient Greek", nativeLabel: "Ἀρχαία Ἑλληνική" });
    for (const [code, label] of [
      ["mn", "Mongolian"],
      ["yi", "Yiddish"],
      ["om", "Oromo"],
      ["ff", "Fula"],
    ]) {
      expect(findLanguage(code!)?.label).toBe(label);
    }
  });

  it("accepts the individual codes it now lists under their macrolanguage", () => {
    expect(checkLanguageCode("khk")).toEqual({ ok: true, code: "mn" });
    expect(checkLanguageCode("ydd")).toEqual({ ok: true, code: "yi" });
    expect(checkLanguageCode("gaz")).toEqual({ ok: true, code: "om" });
  });

  it("never names a language twice in one label", () => {
    expect(findLanguage("mn-Mong")?.label).toBe("Mongolian (Mongolian script)");
    const doubled = LANGUAGES.filter(({ label }) => {
      const match = /^(.+) \((.+)\)$/.exec(label);
      return match !== null && match[1] === match[2];
    });
    expect(doubled).toEqual([]);
  });

  it("lists every language once in the selector's order, by English label (generated with the catalogue)", () => {
    const byLabel = new Intl.Collator("en").compare;
    expect(LANGUAGES_BY_LABEL.map(({ code }) => code)).toEqual([...LANGUAGES].sort((a, b) => byLabel(a.label, b.label)).map(({ code }) => code));
  });

  it("states its real size for the menu and the translator", () => {
    expect(CATALOGUE_SIZE).toBe(LANGUAGES.length);
  });
});
