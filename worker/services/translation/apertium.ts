// Apertium through its HTTP server (APY): the offline default. Codes are ISO 639-3; APY answers
// /listPairs with its installed directions, /translate for a direct pair and /translateChain to pivot
// through installed pairs (e.g. fra → spa → por).
import { baseLanguage, LANGUAGES } from "@core/languages";
import { ISO_639_1_TO_3 } from "./iso639";
import { EngineError, type Reach, type TranslateRequest, type TranslationEngine } from "./types";

/** Catalogue codes whose Apertium mode is a variant of the language's pair (eng→spa_… does not exist for all). */
const VARIANTS: Readonly<Record<string, string>> = {
  "pt-BR": "por_BR",
  "en-US": "eng_US",
  "ca-ES-valencia": "cat_valencia",
};
/** Pairs that are installed but broken (README, Translator: rus-ukr crashes on everyday sentences). */
const BROKEN = new Set(["rus|ukr", "ukr|rus"]);
const PAIRS_TTL_MS = 60_000;
const REFRESH_GIVE_UP_MS = 10_000;

type Graph = Map<string, Set<string>>;
type ApyAnswer = { responseData?: { translatedText?: string }; explanation?: string; message?: string };

/** Our catalogue code → Apertium's ISO 639-3 code (variants like por_BR are tried first by the engine). */
export function toApertiumCode(code: string): string {
  const base = baseLanguage(code);
  return ISO_639_1_TO_3.get(base) ?? base;
}

export class ApertiumEngine implements TranslationEngine {
  readonly id = "apertium";
  private graph?: { at: number; value: Promise<Graph> };
  private refreshingSince?: number;

  constructor(
    private readonly baseUrl: string,
    private readonly fetcher: typeof fetch = (input, init) => fetch(input, init),
  ) {}

  /**
   * Installed directions as a graph of ISO 639-3 codes, kept per isolate. Only the first call waits for
   * /listPairs; after a minute the list is refreshed while requests go on using the one they have.
   */
  async pairs(): Promise<Graph> {
    if (!this.graph) return this.reloadPairs();
    const now = Date.now();
    // A refresh that never settled (its request ended first and took the fetch with it) is given up on.
    if (now - this.graph.at > PAIRS_TTL_MS && !(this.refreshingSince && now - this.refreshingSince < REFRESH_GIVE_UP_MS)) {
      const current = this.graph;
      this.refreshingSince = now;
      this.loadPairs()
        .then((value) => {
          this.graph = { at: Date.now(), value: Promise.resolve(value) };
        })
        .catch(() => {
          current.at = Date.now(); // keep the list we have; try again in a minute
        })
        .finally(() => (this.refreshingSince = undefined));
      // The refresh runs alongside this request; it does not keep it waiting.
      return current.value;
    }
    return this.graph.value;
  }

  private reloadPairs() {
    const value = this.loadPairs();
    this.graph = { at: Date.now(), value };
    value.catch(() => (this.graph = undefined));
    return value;
  }

  private async loadPairs(): Promise<Graph> {
    const body = await this.call<{ responseData?: { sourceLanguage: string; targetLanguage: string }[] }>("/listPairs", {});
    const graph: Graph = new Map();
    for (const { sourceLanguage, targetLanguage } of body.responseData ?? []) {
      if (BROKEN.has(`${sourceLanguage}|${targetLanguage}`)) continue;
      const targets = graph.get(sourceLanguage) ?? new Set<string>();
      targets.add(targetLanguage);
      graph.set(sourceLanguage, targets);
    }
    return graph;
  }

  /** The Apertium path from source to target: a direct pair, else the shortest chain, else null. */
  async route(source: string, target: string): Promise<string[] | null> {
    const graph = await this.pairs();
    const from = toApertiumCode(source);
    const variant = VARIANTS[target];
    const candidates = variant ? [variant, toApertiumCode(target)] : [toApertiumCode(target)];
    if (from === candidates.at(-1)) return null;
    for (const to of candidates) {
      const path = shortestPath(graph, from, to);
      if (path) return path;
    }
    return null;
  }

  async supports(source: string, target: string) {
    return (await this.route(source, target)) !== null;
  }

  async reachableTargets(source: string): Promise<Reach> {
    const graph = await this.pairs();
    const from = toApertiumCode(source);
    const reached = new Set<string>();
    const queue = [from];
    // An array's iterator also visits what is pushed during the loop: a breadth-first walk.
    for (const node of queue) {
      for (const next of graph.get(node) ?? []) {
        if (next === from || reached.has(next)) continue;
        reached.add(next);
        queue.push(next);
      }
    }
    const bases = new Set([...reached].map((code) => code.split("_")[0] ?? code));
    return LANGUAGES.filter(({ code }) => (VARIANTS[code] && reached.has(VARIANTS[code])) || bases.has(toApertiumCode(code)))
      .map(({ code }) => code)
      .filter((code) => toApertiumCode(code) !== from);
  }

  async translate({ text, source, target, signal }: TranslateRequest) {
    const path = await this.route(source, target);
    if (!path) throw new EngineError(this.id, `Apertium has no pair for ${source} → ${target}`);
    const common = { q: text, format: "txt", markUnknown: "no" };
    const body =
      path.length === 2
        ? await this.call<ApyAnswer>("/translate", { ...common, langpair: `${path[0]}|${path[1]}` }, signal)
        : await this.call<ApyAnswer>("/translateChain", { ...common, langpairs: path.join("|") }, signal);
    const output = body.responseData?.translatedText;
    if (typeof output !== "string") throw new EngineError(this.id, "Apertium returned no translation");
    return output;
  }

  private async call<T>(path: string, params: Record<string, string>, signal?: AbortSignal): Promise<T> {
    let response: Response;
    try {
      response = await this.fetcher(`${this.baseUrl.replace(/\/+$/, "")}${path}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(params),
        ...(signal ? { signal } : {}),
      });
    } catch {
      throw new EngineError(this.id, "The Apertium server could not be reached");
    }
    const body = (await response.json().catch(() => null)) as (T & ApyAnswer) | null;
    if (!response.ok || !body) {
      throw new EngineError(this.id, `Apertium answered ${response.status}${body?.explanation ? `: ${body.explanation}` : ""}`);
    }
    return body;
  }
}

function shortestPath(graph: Graph, from: string, to: string): string[] | null {
  const previous = new Map<string, string>([[from, ""]]);
  const queue = [from];
  // As in reachableTargets: the iterator visits the nodes pushed during the loop, in order.
  for (const node of queue) {
    if (node === to) {
      const path = [to];
      for (let step = previous.get(to); step; step = previous.get(step)) path.unshift(step);
      return path;
    }
    for (const next of graph.get(node) ?? []) {
      if (previous.has(next)) continue;
      previous.set(next, node);
      queue.push(next);
    }
  }
  return null;
}
