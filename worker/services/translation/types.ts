// The one interface every translation engine implements. Codes are catalogue codes (BCP 47, already
// normalised and checked); each engine maps them to its own codes.
import { TRANSLATION_NOT_CONFIGURED } from "@core/schemas/translate";
import { NotConfigured } from "../errors";

export type EngineId = "apertium" | "workers-ai" | "openai";

export type TranslateRequest = {
  text: string;
  source: string;
  target: string;
  /** Aborts the engine call, e.g. when the rate limiter answers 429 while the engine is still working. */
  signal?: AbortSignal;
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
