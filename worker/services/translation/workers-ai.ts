// Workers AI: Meta's M2M100 (1.2B) through the AI binding, used when deployed on Cloudflare.
import { baseLanguage, engineLanguageCode, LANGUAGES } from "@core/languages";
import { WORKERS_AI_MODELS } from "../ai/models";
import { EngineError, type Reach, type TranslateRequest, type TranslationEngine } from "./types";

/** The 100 languages of M2M100 (ISO 639-1 where one exists), as the model names them. */
const M2M100 = new Set(
  (
    "af am ar ast az ba be bg bn br bs ca ceb cs cy da de el en es et fa ff fi fr fy ga gd gl gu ha he hi hr ht hu hy id ig ilo is it " +
    "ja jv ka kk km kn ko lb lg ln lo lt lv mg mk ml mn mr ms my ne nl no ns oc or pa pl ps pt ro ru sd si sk sl so sq sr ss su sv sw " +
    "ta th tl tn tr uk ur uz vi wo xh yi yo zh zu"
  ).split(" "),
);
/** Catalogue languages the model knows under another code. */
const RENAMED: Readonly<Record<string, string>> = { nb: "no", nn: "no", fil: "tl", nso: "ns" };

/** Our code → the model's code, or null when the model does not have the language. */
export function toM2m100Code(code: string): string | null {
  const base = baseLanguage(engineLanguageCode(code));
  const mapped = RENAMED[base] ?? base;
  return M2M100.has(mapped) ? mapped : null;
}

/** The slice of the AI binding this engine uses (a fake in tests). */
export type AiBinding = { run(model: string, input: Record<string, unknown>): Promise<unknown> };

export class WorkersAiEngine implements TranslationEngine {
  readonly id = "workers-ai";
  constructor(private readonly ai: AiBinding) {}

  async supports(source: string, target: string) {
    const from = toM2m100Code(source);
    const to = toM2m100Code(target);
    return from !== null && to !== null && from !== to;
  }

  async reachableTargets(source: string): Promise<Reach> {
    const from = toM2m100Code(source);
    if (!from) return [];
    return LANGUAGES.map(({ code }) => code).filter((code) => {
      const to = toM2m100Code(code);
      return to !== null && to !== from;
    });
  }

  async translate({ text, source, target }: TranslateRequest) {
    const source_lang = toM2m100Code(source);
    const target_lang = toM2m100Code(target);
    if (!source_lang || !target_lang) throw new EngineError(this.id, `Workers AI has no model for ${source} → ${target}`);
    let answer: unknown;
    try {
      answer = await this.ai.run(WORKERS_AI_MODELS.translation, { text, source_lang, target_lang });
    } catch (error) {
      throw new EngineError(this.id, `Workers AI failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    const output = (answer as { translated_text?: unknown } | null)?.translated_text;
    if (typeof output !== "string") throw new EngineError(this.id, "Workers AI returned no translation");
    return output;
  }
}
