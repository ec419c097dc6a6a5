// POST /lt/translate and /lt/detect (docs/decisions/0019-libretranslate-api.md): LibreTranslate's fields, checks and
// answers, over the screen's own translation service (a batch, or an HTML text's text nodes, is one engine batch).
import type { Context } from "hono";
import { AUTO, checkLanguageCode, findLanguage } from "@core/languages";
import { MAX_TRANSLATION_CHARS } from "@core/schemas/translate";
import { splitHtml } from "../../services/documents/html";
import { DomainError } from "../../services/errors";
import { translate, translationRouter } from "../../services/translation";
import { detectLanguages } from "../../services/translation/detect";
import { translateSegments } from "../../services/translation/segments";
import type { AppEnv } from "../../types";
import { requireApiKey } from "./access";
import { invalidRequest, LtError, missingParameter, notSupported } from "./errors";
import { ltParams, type LtParams } from "./params";

/** LibreTranslate's own limits, as /lt/frontend/settings states them. */
export const LT_LIMITS = { charLimit: MAX_TRANSLATION_CHARS, batchLimit: 100, alternativesLimit: 3 } as const;

/** `q` as texts: one string, or an array of strings (a batch); null when it is neither. */
function textsOf(q: unknown, isJson: boolean): string[] | null {
  // A form's text is counted with Unix line ends, as LibreTranslate counts it.
  if (typeof q === "string") return [isJson ? q : q.replace(/\r\n?/g, "\n")];
  if (Array.isArray(q) && q.every((item) => typeof item === "string")) return q;
  return null;
}

/** The characters a request is charged: nothing for one that its checks will refuse anyway. */
export function chargeableChars(q: unknown, isJson: boolean) {
  const texts = textsOf(q, isJson);
  if (!texts || texts.length > LT_LIMITS.batchLimit || texts.some((text) => text.length > LT_LIMITS.charLimit)) return 0;
  return texts.reduce((sum, text) => sum + text.length, 0);
}

function required(params: LtParams, name: string): unknown {
  const value = params.get(name);
  if (value === undefined || value === null || value === "" || (Array.isArray(value) && !value.length)) throw missingParameter(name);
  return value;
}

function alternativesWanted(raw: unknown) {
  const wanted = raw === undefined || raw === null || raw === "" ? 0 : Number(raw);
  if (!Number.isInteger(wanted)) throw invalidRequest("alternatives parameter is not a number");
  if (wanted > LT_LIMITS.alternativesLimit) throw invalidRequest(`alternatives parameter must be <= ${LT_LIMITS.alternativesLimit}`);
  return Math.max(0, wanted);
}

/** A language code as LibreTranslate checks it: a catalogue code (the source may be "auto"), else "xx is not supported". */
function languageOf(raw: unknown, { allowAuto }: { allowAuto: boolean }) {
  const checked = checkLanguageCode(raw, { allowAuto });
  if (!checked.ok) throw notSupported(String(raw).slice(0, 40));
  return checked.code;
}

const named = (code: string) => `${findLanguage(code)?.label ?? code} (${code})`;

/** The texts as segments: a text is one, an HTML text is its text nodes; `rebuild` puts each text back together. */
function segmentsOf(texts: string[], format: "text" | "html") {
  if (format === "text") return { segments: texts, rebuild: (outputs: string[]) => outputs };
  const splits = texts.map(splitHtml);
  const segments = splits.flatMap((split) => split.segments);
  return {
    segments,
    rebuild(outputs: string[]) {
      let at = 0;
      return splits.map((split) => {
        const own = outputs.slice(at, at + split.segments.length);
        at += split.segments.length;
        return split.join(own);
      });
    },
  };
}

type Translated = { translated: string[]; alternatives: string[][]; detected?: { confidence: number; language: string } };

/** A target the engines cannot reach from the source, in LibreTranslate's words. */
async function unavailable(error: unknown, texts: string[], source: string, target: string): Promise<never> {
  if (!(error instanceof DomainError && error.code === "unsupported_selection")) throw error;
  const from = source === AUTO ? ((await detectLanguages(texts.join("\n")))[0]?.language ?? source) : source;
  throw new LtError(400, `${named(target)} is not available as a target language from ${named(from)}`);
}

/**
 * One plain text with alternatives wanted: the screen's own translate(), which asks an engine that offers them (the
 * LLM engine, for a short text). Batches and HTML answer empty lists, as LibreTranslate does for HTML.
 */
async function translateWithAlternatives(c: Context<AppEnv>, text: string, source: string, target: string, count: number): Promise<Translated> {
  const result = await translate(translationRouter(c.env), { source, target, text, alternatives: count });
  const detected =
    result.detectedSource && result.detectedConfidence !== undefined
      ? { confidence: result.detectedConfidence, language: result.detectedSource }
      : undefined;
  return { translated: [result.output], alternatives: [result.alternatives ?? []], ...(detected ? { detected } : {}) };
}

async function translateTexts(c: Context<AppEnv>, texts: string[], source: string, target: string, format: "text" | "html"): Promise<Translated> {
  const { segments, rebuild } = segmentsOf(texts, format);
  const result = await translateSegments(translationRouter(c.env), { source, target, segments });
  const detected = result.detected && { confidence: result.detected.confidence, language: result.detected.language };
  return { translated: rebuild(result.outputs), alternatives: texts.map(() => []), ...(detected ? { detected } : {}) };
}

export async function ltTranslate(c: Context<AppEnv>) {
  const params = await ltParams(c);
  await requireApiKey(c, chargeableChars(params.get("q"), params.isJson));
  const q = required(params, "q");
  const rawSource = required(params, "source");
  const rawTarget = required(params, "target");
  const alternatives = alternativesWanted(params.get("alternatives"));
  const texts = textsOf(q, params.isJson);
  if (!texts) throw invalidRequest("q must be a text or a list of texts");
  const batch = Array.isArray(q);
  if (texts.length > LT_LIMITS.batchLimit) throw invalidRequest(`request (${texts.length}) exceeds text limit (${LT_LIMITS.batchLimit})`);
  for (const text of texts)
    if (text.length > LT_LIMITS.charLimit) throw invalidRequest(`request (${text.length}) exceeds text limit (${LT_LIMITS.charLimit})`);
  const source = languageOf(rawSource, { allowAuto: true });
  const target = languageOf(rawTarget, { allowAuto: false });
  const format = params.get("format") || "text";
  if (format !== "text" && format !== "html") throw new LtError(400, `${String(format).slice(0, 40)} format is not supported`);

  const single = !batch && format === "text" && alternatives > 0;
  const {
    translated,
    alternatives: answers,
    detected,
  } = await (single
    ? translateWithAlternatives(c, texts[0] ?? "", source, target, alternatives)
    : translateTexts(c, texts, source, target, format)
  ).catch((error: unknown) => unavailable(error, texts, source, target));
  return c.json({
    translatedText: batch ? translated : translated[0],
    ...(source === AUTO && detected ? { detectedLanguage: batch ? texts.map(() => detected) : detected } : {}),
    ...(alternatives > 0 ? { alternatives: batch ? answers : answers[0] } : {}),
  });
}

export async function ltDetect(c: Context<AppEnv>) {
  const params = await ltParams(c);
  const q = params.get("q");
  await requireApiKey(c, typeof q === "string" && q.length <= LT_LIMITS.charLimit ? q.length : 0);
  const text = required(params, "q");
  if (typeof text !== "string") throw invalidRequest("q must be a text");
  if (text.length > LT_LIMITS.charLimit) throw invalidRequest(`request (${text.length}) exceeds text limit (${LT_LIMITS.charLimit})`);
  return c.json(await detectLanguages(text));
}
