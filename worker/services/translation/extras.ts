// What a translation can carry beyond text and pair (docs/decisions/0020-translator-controls.md): the user's
// glossary, a formality, and alternatives for short inputs. Engines that can honour them are asked to; the rest of
// the translator stays the same.
import { hasFormality, type Formality } from "@core/languages/formality";
import type { GlossaryEntry } from "@core/schemas/glossary";
import { MAX_ALTERNATIVES, SHORT_INPUT_CHARS } from "@core/schemas/translate";
import { termsInText, translateWithGlossary } from "./glossary/apply";
import type { TranslationRouter } from "./router";
import type { TranslateRequest, TranslationEngine } from "./types";

export type TranslationExtras = {
  /** Loads the user's glossary for the pair actually translated (after detection). */
  glossary?: (source: string, target: string) => Promise<GlossaryEntry[]>;
  formality?: Formality | null;
  /** How many alternatives to ask for (0 to MAX_ALTERNATIVES); only for short inputs and engines that offer them. */
  alternatives?: number | null;
};

export type ExtrasOutcome = { output: string; glossaryApplied?: GlossaryEntry[]; alternatives?: string[] };

/** Whether a formality was chosen that the target language can express. */
function wantsFormality(extras: TranslationExtras, target: string) {
  return Boolean(extras.formality && extras.formality !== "auto" && hasFormality(target));
}

/**
 * The engine asked for by name (`model`), else, when a formality was chosen, the first configured engine that
 * honours it; the caller still checks that it supports the pair.
 */
export function preferredEngine(router: TranslationRouter, model: string | null | undefined, extras: TranslationExtras, target: string) {
  if (model) return router.engines.find((engine) => engine.id === model);
  if (wantsFormality(extras, target)) return router.engines.find((engine) => engine.honoursFormality);
  return undefined;
}

/** How many alternatives to ask this engine for this text (0: none). */
function alternativesWanted(engine: TranslationEngine, text: string, extras: TranslationExtras) {
  const count = Math.min(Math.max(Math.trunc(extras.alternatives ?? 0), 0), MAX_ALTERNATIVES);
  return engine.alternatives && count > 0 && text.trim().length <= SHORT_INPUT_CHARS ? count : 0;
}

/** Calls the engine with the glossary and formality, and asks for alternatives alongside when they are wanted. */
export async function runEngine(engine: TranslationEngine, request: TranslateRequest, extras: TranslationExtras): Promise<ExtrasOutcome> {
  const terms = extras.glossary ? termsInText(await extras.glossary(request.source, request.target), request.text) : [];
  const asked: TranslateRequest = {
    ...request,
    ...(engine.honoursFormality && wantsFormality(extras, request.target) ? { formality: extras.formality ?? "auto" } : {}),
  };
  const count = alternativesWanted(engine, request.text, extras);
  // The alternatives are an extra: when the model cannot give them, the translation still comes back.
  const others =
    count && engine.alternatives
      ? engine.alternatives({ ...asked, ...(terms.length ? { glossary: terms } : {}) }, count + 1).catch(() => [])
      : undefined;
  const { output, applied } = await translateWithGlossary(engine, asked, terms);
  const alternatives = others ? (await others).filter((text) => text !== output.trim()).slice(0, count) : undefined;
  return { output, ...(terms.length ? { glossaryApplied: applied } : {}), ...(alternatives?.length ? { alternatives } : {}) };
}
