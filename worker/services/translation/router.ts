// Picks the engine for a pair: the first configured engine, in the configured order, that supports it.
import { ApertiumEngine } from "./apertium";
import { OpenAiEngine } from "./openai";
import { TranslationNotConfiguredError, type EngineId, type Reach, type TranslationEngine } from "./types";
import { WorkersAiEngine, type AiBinding } from "./workers-ai";

export const DEFAULT_ENGINE_ORDER: readonly EngineId[] = ["apertium", "workers-ai", "openai"];

export type TranslationConfig = {
  TRANSLATION_ENGINES?: string;
  APERTIUM_URL?: string;
  OPENAI_BASE_URL?: string;
  OPENAI_API_KEY?: string;
  OPENAI_TRANSLATION_MODEL?: string;
  AI?: unknown;
};

/** The configured engine order ("apertium,workers-ai,openai" by default; unknown names are ignored). */
export function engineOrder(value: string | undefined): EngineId[] {
  const names = (value ?? "")
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  const order = names.length ? names : DEFAULT_ENGINE_ORDER;
  return [...new Set(order)].filter((name): name is EngineId => (DEFAULT_ENGINE_ORDER as readonly string[]).includes(name));
}

// Engines live per isolate so that Apertium's pair list is cached between requests.
const cache = new Map<string, TranslationEngine>();

/** The engines that are configured, in order: Apertium needs APERTIUM_URL, Workers AI the AI binding, OpenAI a base URL and model. */
export function configuredEngines(config: TranslationConfig): TranslationEngine[] {
  const engines: TranslationEngine[] = [];
  for (const id of engineOrder(config.TRANSLATION_ENGINES)) {
    if (id === "apertium" && config.APERTIUM_URL) {
      const key = `apertium:${config.APERTIUM_URL}`;
      let engine = cache.get(key);
      if (!engine) {
        engine = new ApertiumEngine(config.APERTIUM_URL);
        cache.set(key, engine);
      }
      engines.push(engine);
    } else if (id === "workers-ai" && config.AI) {
      engines.push(new WorkersAiEngine(config.AI as AiBinding));
    } else if (id === "openai" && config.OPENAI_BASE_URL && config.OPENAI_TRANSLATION_MODEL) {
      engines.push(new OpenAiEngine({ baseUrl: config.OPENAI_BASE_URL, apiKey: config.OPENAI_API_KEY, model: config.OPENAI_TRANSLATION_MODEL }));
    }
  }
  return engines;
}

export class TranslationRouter {
  constructor(readonly engines: readonly TranslationEngine[]) {}

  /** Throws TranslationNotConfiguredError when no engine is configured at all. */
  requireEngines(): void {
    if (!this.engines.length) throw new TranslationNotConfiguredError();
  }

  /**
   * The first engine that supports the pair, or null when the engines that answered all refuse it. An engine
   * that cannot answer is skipped; when none answers, the translator is unavailable (TranslationNotConfiguredError).
   */
  async pick(source: string, target: string): Promise<TranslationEngine | null> {
    this.requireEngines();
    const unreachable: EngineId[] = [];
    for (const engine of this.engines) {
      try {
        if (await engine.supports(source, target)) return engine;
      } catch (error) {
        unreachable.push(engine.id);
        console.warn(`translation engine ${engine.id} is unavailable`, error);
      }
    }
    if (unreachable.length === this.engines.length) throw new TranslationNotConfiguredError(unreachable);
    return null;
  }

  /** Every target some engine reaches from `source` ("all" when one reaches the whole catalogue). */
  async reachableTargets(source: string): Promise<Reach> {
    this.requireEngines();
    const reached = new Set<string>();
    const unreachable: EngineId[] = [];
    for (const engine of this.engines) {
      try {
        const targets = await engine.reachableTargets(source);
        if (targets === "all") return "all";
        for (const target of targets) reached.add(target);
      } catch (error) {
        unreachable.push(engine.id);
        console.warn(`translation engine ${engine.id} is unavailable`, error);
      }
    }
    if (unreachable.length === this.engines.length) throw new TranslationNotConfiguredError(unreachable);
    return [...reached];
  }
}
