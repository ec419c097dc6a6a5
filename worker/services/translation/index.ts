// The translator service: checks codes, detects an "auto" source, picks an engine and translates.
import { AUTO, checkLanguageCode, TARGET_REQUIRED, UNSUPPORTED_SELECTION } from "@core/languages";
import { InvalidInput, UpstreamFailed } from "../errors";
import { detectLanguages } from "./detect";
import { preferredEngine, runEngine, type TranslationExtras } from "./extras";
import { configuredEngines, TranslationRouter, type TranslationConfig } from "./router";
import { EngineError, type EngineId } from "./types";

export { configuredEngines, TranslationRouter } from "./router";
export { TranslationNotConfiguredError } from "./types";

export function translationRouter(config: TranslationConfig) {
  return new TranslationRouter(configuredEngines(config));
}

function codeOrThrow(raw: unknown, options: Parameters<typeof checkLanguageCode>[1]) {
  const checked = checkLanguageCode(raw, options);
  if (!checked.ok) throw new InvalidInput(`language_${checked.reason}`, checked.message);
  return checked.code;
}

/** docs/product.md#translator: the source (may be auto) and target, normalised, or InvalidInput with its own message. */
export function checkPair(source: unknown, target: unknown) {
  return {
    source: codeOrThrow(source, { allowAuto: true }),
    target: codeOrThrow(target, { requiredMessage: TARGET_REQUIRED }),
  };
}

export type Translation = {
  output: string;
  source: string;
  target: string;
  detectedSource?: string;
  /** With detectedSource: how sure detection is (0–100), and the next likeliest language (docs/product.md#translator). */
  detectedConfidence?: number;
  nextLikelySource?: string;
  engine: EngineId | "none";
  /** The glossary terms the output follows (only when the text held some). */
  glossaryApplied?: { term: string; translation: string }[];
  alternatives?: string[];
};

export async function translate(
  router: TranslationRouter,
  input: { source: string; target: string; text: string; model?: string | null; signal?: AbortSignal } & TranslationExtras,
): Promise<Translation> {
  const { source, target, text, signal } = input;
  // Checked before detection: an unconfigured translator says so even for text already in the target language.
  router.requireEngines();
  let from = source;
  let detection: Pick<Translation, "detectedSource" | "detectedConfidence" | "nextLikelySource"> = {};
  if (source === AUTO) {
    const [best, next] = await detectLanguages(text);
    if (!best) throw new InvalidInput("language_undetected", "Could not detect the language. Please choose the source language.");
    from = best.language;
    detection = { detectedSource: best.language, detectedConfidence: best.confidence, ...(next ? { nextLikelySource: next.language } : {}) };
    // Already in the target language: nothing to translate.
    if (from === target) return { output: text, source, target, ...detection, engine: "none" };
  }
  if (from === target) throw new InvalidInput("unsupported_selection", UNSUPPORTED_SELECTION);

  const preferred = preferredEngine(router, input.model, input, target);
  const engine = preferred && (await preferred.supports(from, target).catch(() => false)) ? preferred : await router.pick(from, target);
  if (!engine) throw new InvalidInput("unsupported_selection", UNSUPPORTED_SELECTION);
  try {
    const outcome = await runEngine(engine, { text, source: from, target, ...(signal ? { signal } : {}) }, input);
    return { ...outcome, source, target, ...detection, engine: engine.id };
  } catch (error) {
    // Called off by the caller (e.g. the rate limiter said no): not the engine's failure.
    if (signal?.aborted) throw signal.reason;
    if (!(error instanceof EngineError)) throw error;
    console.error("translation failed", engine.id, error.message);
    throw new UpstreamFailed("translation_failed", "The translation service is not answering right now. Please try again.");
  }
}
