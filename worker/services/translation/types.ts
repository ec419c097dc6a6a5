// The one interface every translation engine implements. Codes are catalogue codes (BCP 47, already
// normalised and checked); each engine maps them to its own codes.

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

/** An engine answered with an error or could not be reached (502 for the API). */
export class EngineError extends Error {
  constructor(
    readonly engine: EngineId,
    message: string,
  ) {
    super(message);
  }
}
