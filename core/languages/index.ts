// The translator's languages: the catalogue (shared by the screen and the API) and the code rules of
// docs/product.md#translator: normalisation, aliases, rejected noise codes, the validity pattern, and engine codes.
import { CATALOGUE_ROWS } from "./catalogue";
import { LABEL_ORDER } from "./label-order";

export type LanguageOption = { code: string; label: string; nativeLabel?: string };

export const AUTO = "auto";
export const AUTO_LABEL = "Auto-detect";

/** Every language, major languages first (the catalogue's own order). */
export const LANGUAGES: readonly LanguageOption[] = CATALOGUE_ROWS.map(([code, label, nativeLabel]) =>
  nativeLabel ? { code, label, nativeLabel } : { code, label },
);

const BY_CODE = new Map(LANGUAGES.map((language) => [language.code, language]));

/**
 * The selector's order: sorted by English label (Auto-detect is added first by the source selector). Sorted when the
 * catalogue is generated: sorting here took a collator, the costliest work of the translator's first load.
 */
export const LANGUAGES_BY_LABEL: readonly LanguageOption[] = LABEL_ORDER.flatMap((index) => LANGUAGES[index] ?? []);

export const ALIASES: Readonly<Record<string, string>> = {
  zh: "zh-CN",
  no: "nb",
  iw: "he",
  in: "id",
  // Individual languages the catalogue lists under their macrolanguage's two-letter code (scripts/generate-languages.mjs).
  esk: "ik",
  fuc: "ff",
  gaz: "om",
  ike: "iu",
  khk: "mn",
  kng: "kg",
  ojg: "oj",
  src: "sc",
  ydd: "yi",
};

/** Test and placeholder codes that are well-formed but never a language for translation. */
const NOISE_LANGUAGES = new Set(["xx", "xxx", "yy", "yyy", "zz", "zzz", "und", "zxx", "mul", "mis", "tst"]);
const NOISE_SUBTAGS = new Set(["test", "testing", "dummy", "sample", "xx", "zz", "null", "none", "undefined"]);
const PRIVATE_USE = /^q[a-t][a-z]$/; // ISO 639 reserves qaa–qtz for local use

const VALID = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

/**
 * docs/product.md#translator: underscores become hyphens, whitespace is removed, the language part is lower-cased, a
 * 4-letter script subtag is title-cased, a 2-letter or 3-digit region subtag is upper-cased (variants are
 * lower-cased, as BCP 47 writes them).
 */
export function normalizeLanguageCode(raw: string): string {
  const compact = raw.replace(/\s+/g, "").replace(/_/g, "-");
  if (!compact) return "";
  const [language = "", ...subtags] = compact.split("-");
  const parts = [language.toLowerCase()];
  for (const subtag of subtags) {
    if (/^[A-Za-z]{4}$/.test(subtag)) parts.push(subtag.charAt(0).toUpperCase() + subtag.slice(1).toLowerCase());
    else if (/^[A-Za-z]{2}$/.test(subtag) || /^\d{3}$/.test(subtag)) parts.push(subtag.toUpperCase());
    else if (/^[A-Za-z0-9]{5,8}$/.test(subtag)) parts.push(subtag.toLowerCase());
    else parts.push(subtag);
  }
  return parts.join("-");
}

/** zh → zh-CN, no → nb, iw → he, in → id (also as the language part of a longer code, e.g. no-NO → nb-NO). */
export function resolveAlias(code: string): string {
  const alias = ALIASES[code];
  if (alias) return alias;
  const [language = "", ...rest] = code.split("-");
  if (language !== "zh" && ALIASES[language] && rest.length) return [ALIASES[language], ...rest].join("-");
  return code;
}

export type CodeCheck = { ok: true; code: string } | { ok: false; reason: "required" | "invalid" | "unsupported"; message: string };

export const LANGUAGE_CODE_REQUIRED = "Language code is required";
export const TARGET_REQUIRED = "Target language is required";
export const UNSUPPORTED_SELECTION = "Unsupported language selection";

/**
 * Normalises, resolves aliases, rejects noise codes, checks the pattern and looks the code up in the
 * catalogue. A well-formed code with an unknown region or script falls back to its language when the
 * catalogue has it (en-NZ → en). `auto` passes only when `allowAuto`.
 */
export function checkLanguageCode(raw: unknown, { allowAuto = false, requiredMessage = LANGUAGE_CODE_REQUIRED } = {}): CodeCheck {
  if (raw === undefined || raw === null || (typeof raw === "string" && !raw.trim())) {
    return { ok: false, reason: "required", message: requiredMessage };
  }
  const shown = String(raw).trim().slice(0, 40);
  if (typeof raw !== "string") return { ok: false, reason: "invalid", message: `Invalid language code: ${shown}` };
  const normalized = normalizeLanguageCode(raw);
  if (normalized.toLowerCase() === AUTO) {
    return allowAuto ? { ok: true, code: AUTO } : { ok: false, reason: "invalid", message: `Invalid language code: ${shown}` };
  }
  const code = resolveAlias(normalized);
  const [language = ""] = code.split("-");
  const noise =
    NOISE_LANGUAGES.has(language) ||
    PRIVATE_USE.test(language) ||
    code
      .split("-")
      .slice(1)
      .some((subtag) => NOISE_SUBTAGS.has(subtag.toLowerCase()));
  if (!VALID.test(code) || noise) {
    return { ok: false, reason: "invalid", message: `Invalid language code: ${shown}` };
  }
  if (BY_CODE.has(code)) return { ok: true, code };
  if (BY_CODE.has(language)) return { ok: true, code: language };
  return { ok: false, reason: "unsupported", message: `Unsupported language code: ${shown}` };
}

export function findLanguage(code: string): LanguageOption | undefined {
  return BY_CODE.get(code);
}

export function languageLabel(code: string): string {
  if (code === AUTO) return AUTO_LABEL;
  return BY_CODE.get(code)?.label ?? code;
}

const SIMPLIFIED = new Set(["zh-CN", "zh-Hans", "zh-SG", "zh-MY"]);
const TRADITIONAL = new Set(["zh-TW", "zh-Hant", "zh-HK", "zh-MO"]);

/** docs/product.md#translator: for the translate call, Chinese Simplified becomes zh and Traditional zh_Hant. */
export function engineLanguageCode(code: string): string {
  if (SIMPLIFIED.has(code)) return "zh";
  if (TRADITIONAL.has(code)) return "zh_Hant";
  return code;
}

/** The language part of a code (sr-Latn → sr, zh_Hant → zh). */
export function baseLanguage(code: string): string {
  const [language = ""] = code.split(/[-_]/);
  return language.toLowerCase();
}
