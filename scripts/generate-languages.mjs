#!/usr/bin/env node
// Generates core/languages/catalogue.ts, the translator's language catalogue, from public standards:
// the ISO 639-3 code table (Debian's iso-codes package, /usr/share/iso-codes/json/iso_639-3.json) for which
// codes exist, and the Unicode CLDR names built into Node's ICU (Intl.DisplayNames) for English and native
// labels. Major languages come first, then regional and script variants, then the long tail.
// Run: node scripts/generate-languages.mjs   (needs Node with full ICU and the iso-codes package)
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const ISO = "/usr/share/iso-codes/json/iso_639-3.json";
const out = path.join(import.meta.dirname, "..", "core", "languages", "catalogue.ts");

// Widely spoken or widely translated languages, in this order (BCP 47 codes).
const MAJOR = [
  "en",
  "zh-CN",
  "zh-TW",
  "es",
  "hi",
  "ar",
  "bn",
  "pt",
  "pt-BR",
  "ru",
  "ja",
  "de",
  "fr",
  "ur",
  "id",
  "it",
  "tr",
  "ko",
  "vi",
  "fa",
  "pl",
  "uk",
  "nl",
  "th",
  "ta",
  "te",
  "mr",
  "gu",
  "kn",
  "ml",
  "pa",
  "sw",
  "ha",
  "yo",
  "ig",
  "am",
  "ms",
  "fil",
  "my",
  "ro",
  "el",
  "cs",
  "hu",
  "sv",
  "da",
  "nb",
  "fi",
  "he",
  "sk",
  "bg",
  "hr",
  "sr",
  "sl",
  "lt",
  "lv",
  "et",
  "ca",
  "eu",
  "gl",
  "az",
  "kk",
  "uz",
  "ne",
  "si",
  "km",
  "lo",
  "ps",
  "ku",
  "so",
  "zu",
  "xh",
  "af",
  "sq",
  "hy",
  "ka",
  "mk",
  "bs",
  "is",
  "ga",
  "cy",
];
// Regional and script variants worth listing on their own.
const VARIANTS = [
  "en-US",
  "en-GB",
  "en-AU",
  "en-CA",
  "en-IN",
  "es-ES",
  "es-MX",
  "es-419",
  "es-US",
  "pt-PT",
  "fr-CA",
  "fr-CH",
  "fr-BE",
  "de-AT",
  "de-CH",
  "nl-BE",
  "it-CH",
  "zh-Hans",
  "zh-Hant",
  "zh-HK",
  "sr-Latn",
  "sr-Cyrl",
  "bs-Cyrl",
  "uz-Cyrl",
  "uz-Arab",
  "az-Cyrl",
  "pa-Arab",
  "ms-Arab",
  "mn-Mong",
  "ku-Arab",
  "sd-Deva",
  "ks-Deva",
  "ha-Arab",
  "ff-Adlm",
  "ca-ES-valencia",
  "ar-EG",
  "ar-MA",
  "ar-SA",
  "sw-CD",
  "nn",
  "yue-Hans",
];
// Constructed languages kept in the catalogue (the rest of the ISO table's constructed, extinct,
// ancient and historical entries are left out).
const CONSTRUCTED = new Set(["eo", "ia", "ie", "io", "vo", "jbo", "tlh"]);
// Classical languages still widely read, studied and translated (ISO marks them ancient or historical).
const CLASSICAL = new Set(["la", "sa", "grc", "pi", "lzh"]);
// Codes that are not languages for a translator: undetermined, no content, multiple, sign languages.
const SKIP = new Set(["und", "zxx", "mul", "mis", "sgn", "zh", "no"]);

const English = new Intl.DisplayNames(["en"], { type: "language", fallback: "none" });
const SPECIAL_LABELS = {
  "zh-CN": "Chinese (Simplified)",
  "zh-TW": "Chinese (Traditional)",
  "pt-BR": "Portuguese (Brazil)",
  pt: "Portuguese",
  "yue-Hans": "Cantonese (Simplified)",
  yue: "Cantonese (Traditional)",
  "ca-ES-valencia": "Valencian",
  "zh-HK": "Chinese (Hong Kong)",
  bn: "Bengali",
  // CLDR names the script after the language ("Mongolian (Mongolian)"): say which script it is.
  "mn-Mong": "Mongolian (Mongolian script)",
  saz: "Saurashtra",
};
const SPECIAL_NATIVE = {
  "zh-CN": "简体中文",
  "zh-TW": "繁體中文",
  "zh-HK": "中文（香港）",
  "yue-Hans": "粤语（简体）",
  "ca-ES-valencia": "valencià",
  // Classical languages CLDR has no locale for.
  la: "Latina",
  grc: "Ἀρχαία Ἑλληνική",
  pi: "पालि",
  lzh: "文言",
};

function nativeLabel(code, label) {
  if (SPECIAL_NATIVE[code]) return SPECIAL_NATIVE[code];
  const base = code.split("-")[0];
  try {
    const names = new Intl.DisplayNames([code], { type: "language", fallback: "none" });
    if (names.resolvedOptions().locale.split("-")[0] !== base) return undefined;
    const name = names.of(code);
    return name && name !== label ? name : undefined;
  } catch {
    return undefined;
  }
}

const table = JSON.parse(readFileSync(ISO, "utf8"))["639-3"];
const tail = [];
for (const entry of table) {
  const code = entry.alpha_2 ?? entry.alpha_3;
  const living = entry.type === "L" && (entry.scope === "I" || entry.scope === "M");
  if (!(living || CONSTRUCTED.has(code) || CLASSICAL.has(code)) || SKIP.has(code)) continue;
  if (!English.of(code)) continue;
  tail.push(code);
}

const seen = new Set();
const rows = [];
for (const code of [...MAJOR, ...VARIANTS, ...tail]) {
  if (seen.has(code)) continue;
  const label = SPECIAL_LABELS[code] ?? English.of(code);
  if (!label) throw new Error(`no English name for ${code}`);
  seen.add(code);
  rows.push([code, label, nativeLabel(code, label)]);
}
// Two entries never share a label: entries with the same label are CLDR's aliases of one language (a
// macrolanguage and its main individual language, e.g. ar and arb, mn and khk). The one with a two-letter code
// (what people and engines use) is kept, else the first; the others are left out. A major language or listed
// variant always keeps its label (fil over tl, sr-Latn over sh).
const listed = new Set([...MAJOR, ...VARIANTS]);
const keptForLabel = new Map();
for (const [code, label] of rows) {
  const kept = keptForLabel.get(label);
  if (!kept || (!listed.has(kept) && kept.length > 2 && code.length === 2)) keptForLabel.set(label, code);
}
const unique = rows.filter(([code, label]) => keptForLabel.get(label) === code);

const lines = unique.map(([code, label, native]) => `  ${JSON.stringify(native ? [code, label, native] : [code, label])},`);
writeFileSync(
  out,
  `// Generated by scripts/generate-languages.mjs from ISO 639-3 (iso-codes) and Unicode CLDR names. Do not edit by hand.
// Each row: [BCP 47 code, English label, native label?]. Major languages first, then regional and script
// variants, then the long tail of regional and minority languages.
export const CATALOGUE_ROWS: ReadonlyArray<readonly [string, string, string?]> = [
${lines.join("\n")}
];
`,
);
// ISO 639-1 → ISO 639-3 for the Apertium adapter (Apertium names languages with ISO 639-3 codes).
const iso = table
  .filter((entry) => entry.alpha_2)
  .map((entry) => `${entry.alpha_2}:${entry.alpha_3}`)
  .join(" ");
writeFileSync(
  path.join(import.meta.dirname, "..", "worker", "services", "translation", "iso639.ts"),
  `// ISO 639-1 → ISO 639-3 (from the ISO 639-3 code table in Debian's iso-codes). Apertium names languages
// with ISO 639-3 codes. Regenerate with scripts/generate-languages.mjs if the table ever changes.
const TABLE = "${iso}";

export const ISO_639_1_TO_3: ReadonlyMap<string, string> = new Map(TABLE.split(" ").map((pair) => pair.split(":") as [string, string]));
`,
);
// The selector's order, sorted here once: a collator costs the browser some 15 ms to set up on a page's first load.
const byLabel = new Intl.Collator("en").compare;
const labelOrder = unique.map((_, index) => index).sort((a, b) => byLabel(unique[a][1], unique[b][1]));
writeFileSync(
  path.join(import.meta.dirname, "..", "core", "languages", "label-order.ts"),
  `// Generated by scripts/generate-languages.mjs: the catalogue's rows (their indexes in CATALOGUE_ROWS) sorted by English
// label with the "en" collator, so that no page sets up a collator to sort them. Do not edit by hand.
export const LABEL_ORDER: readonly number[] = [${labelOrder.join(",")}];
`,
);
// The count alone, for pages that state it without shipping the catalogue (the header menu).
writeFileSync(
  path.join(import.meta.dirname, "..", "core", "languages", "size.ts"),
  `// Generated by scripts/generate-languages.mjs: how many languages core/languages/catalogue.ts lists. Do not edit by hand.
export const CATALOGUE_SIZE = ${unique.length};
`,
);
console.log(`${unique.length} languages written to ${path.relative(process.cwd(), out)}`);
