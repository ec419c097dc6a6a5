// The one interface every translation engine implements. Codes are catalogue codes (BCP 47, already
// normalised and checked); each engine maps them to its own codes.
import type { Formality } from "@core/languages/formality";
import type { GlossaryEntry } from "@core/schemas/glossary";
import { TRANSLATION_NOT_CONFIGURED } from "@core/schemas/translate";
import { NotConfigured } from "../errors";

export type EngineId = "apertium" | "workers-ai" | "openai";

export type TranslateRequest = {
  text: string;
  source: string;
  target: string;
  /** Aborts the engine call, e.g. when the rate limiter answers 429 while the engine is still working. */
  signal?: AbortSignal;
  /** Glossary terms found in the text, given as hard constraints (only to an engine with `glossaryInPrompt`). */
  glossary?: readonly GlossaryEntry[];
  /** Formal or informal address (only to an engine with `honoursFormality`; "auto" leaves it to the engine). */
  formality?: Formality;
};

/** Which targets an engine reaches from a source: every catalogue language, or a list of codes. */
export type Reach = "all" | readonly string[];

export interface TranslationEngine {
  readonly id: EngineId;
  /** Whether this engine translates `source` (a catalogue code, never "auto") into `target`. */
  supports(source: string, target: string): Promise<boolean>;
  /** The targets reachable from `source`. */
  reachableTargets(source: string): Promise<Reach>;
  translate(request: TranslateRequest): Promise<string>;
  /**
   * Optional capabilities (docs/decisions/0020-translator-controls.md). `glossaryInPrompt`: the engine follows
   * `request.glossary` itself (otherwise terms are protected with placeholders around the call, glossary/apply.ts).
   * `honoursFormality`: the engine follows `request.formality` for a target with formal address.
   */
  readonly glossaryInPrompt?: boolean;
  readonly honoursFormality?: boolean;
  /**
   * Up to `count` distinct translations of a short text, worded differently (the main translation may be among them:
   * the caller leaves it out); [] when the engine has none. The LT API's `alternatives: N` and the screen use it.
   */
  alternatives?(request: TranslateRequest, count: number): Promise<string[]>;
}

/** An engine answered with an error or could not be reached (the translator turns it into UpstreamFailed). */
export class EngineError extends Error {
  constructor(
    readonly engine: EngineId,
    message: string,
  ) {
    super(message);
  }
}

const HOW_TO_CONFIGURE =
  "To enable the translator, configure at least one engine and restart the server: Apertium (install it with " +
  '"sudo bash scripts/apertium/install.sh"; npm start then runs it and sets APERTIUM_URL), an OpenAI-compatible model ' +
  "(OPENAI_BASE_URL and OPENAI_TRANSLATION_MODEL, e.g. a local Ollama at http://127.0.0.1:11434/v1), or Workers AI " +
  '(deployed on Cloudflare with the AI binding). TRANSLATION_ENGINES lists the engines to try. See the README, "Translator".';

/**
 * No engine can translate anything here: none is configured, or none of the configured ones answers (the
 * `unreachable` ids). Not a property of the language pair, so never "Unsupported language selection".
 */
export class TranslationNotConfiguredError extends NotConfigured {
  constructor(readonly unreachable: readonly EngineId[] = []) {
    super(
      TRANSLATION_NOT_CONFIGURED,
      unreachable.length
        ? `No translation engine is answering on this server (tried: ${unreachable.join(", ")}). ${HOW_TO_CONFIGURE}`
        : `No translation engine is configured on this server. ${HOW_TO_CONFIGURE}`,
    );
  }
}
