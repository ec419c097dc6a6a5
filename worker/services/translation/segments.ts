// Many short texts in few engine calls (docs/decisions/0019-libretranslate-api.md): a document's segments and the
// LibreTranslate API's batches. Segments are joined with numbered marker lines that engines pass through untouched
// (Apertium keeps them verbatim; a model is told to keep line breaks), one call per batch through the screen's own
// translate(); a batch whose markers do not come back intact is translated one segment at a time instead.
import { AUTO } from "@core/languages";
import { InvalidInput } from "../errors";
import { detectLanguages, type DetectedLanguage } from "./detect";
import { translate, type TranslationRouter } from "./index";

/** What one call sends at most: well under the screen's own limit per translation. */
const BATCH_CHARS = 4000;
const BATCH_SEGMENTS = 100;
/** Batches in flight at once: engines on loopback answer faster in parallel, without flooding a hosted API. */
const PARALLEL_BATCHES = 4;
/** The detector reads this much of a document: enough for a confident guess. */
const DETECTION_SAMPLE_CHARS = 1000;

const marker = (index: number) => `\n\n⟦${index}⟧\n\n`;
const MARKER = /\s*⟦(\d+)⟧\s*/g;

export type SegmentsInput = { source: string; target: string; segments: readonly string[]; model?: string | null; signal?: AbortSignal };
export type SegmentsResult = { outputs: string[]; from: string; detected?: DetectedLanguage; engine: string };

/** A segment's text without its surrounding whitespace, which goes back around the translation unchanged. */
function core(segment: string) {
  const match = /^(\s*)([\s\S]*?)(\s*)$/.exec(segment);
  return { before: match?.[1] ?? "", text: match?.[2] ?? "", after: match?.[3] ?? "" };
}

/** Indices of the segments with something to translate, grouped into batches. */
function batches(texts: readonly string[]): number[][] {
  const groups: number[][] = [];
  let current: number[] = [];
  let size = 0;
  texts.forEach((text, index) => {
    if (!text) return;
    if (current.length && (size + text.length > BATCH_CHARS || current.length >= BATCH_SEGMENTS)) {
      groups.push(current);
      current = [];
      size = 0;
    }
    current.push(index);
    size += text.length;
  });
  if (current.length) groups.push(current);
  return groups;
}

/** Splits an engine's answer at the markers; null when they did not all come back, in order. */
function split(output: string, count: number): string[] | null {
  const parts: string[] = [];
  let last = 0;
  let expected = 1;
  for (const match of output.matchAll(MARKER)) {
    if (Number(match[1]) !== expected) return null;
    parts.push(output.slice(last, match.index));
    last = match.index + match[0].length;
    expected++;
  }
  parts.push(output.slice(last));
  return parts.length === count ? parts.map((part) => part.trim()) : null;
}

/** The language of the whole document, detected once from its beginning. */
async function detectDocument(texts: readonly string[]) {
  const sample = texts.filter(Boolean).join("\n").slice(0, DETECTION_SAMPLE_CHARS);
  const [best] = await detectLanguages(sample);
  if (!best) throw new InvalidInput("language_undetected", "Could not detect the language. Please choose the source language.");
  return best;
}

/**
 * Translates every segment from `source` (or the detected language) into `target`, keeping each segment's
 * surrounding whitespace; blank segments stay as they are. `onProgress` hears how many segments are done.
 */
export async function translateSegments(
  router: TranslationRouter,
  input: SegmentsInput,
  onProgress?: (done: number, total: number) => void,
): Promise<SegmentsResult> {
  router.requireEngines();
  const parts = input.segments.map(core);
  const texts = parts.map((part) => part.text);
  const detected = input.source === AUTO ? await detectDocument(texts) : undefined;
  const from = detected?.language ?? input.source;
  const outputs = texts.slice();
  const groups = batches(texts);
  const total = groups.reduce((sum, group) => sum + group.length, 0);
  let done = 0;
  let engine = "none";
  const call = async (text: string) => {
    const result = await translate(router, { source: from, target: input.target, text, model: input.model, signal: input.signal });
    engine = result.engine;
    return result.output;
  };
  const runBatch = async (group: number[]) => {
    const joined = group.map((index, position) => (position ? marker(position) : "") + texts[index]).join("");
    const pieces = group.length === 1 ? [(await call(joined)).trim()] : split(await call(joined), group.length);
    const translated = pieces ?? (await Promise.all(group.map((index) => call(texts[index] ?? ""))));
    group.forEach((index, position) => {
      outputs[index] = translated[position] ?? "";
    });
    done += group.length;
    onProgress?.(done, total);
  };
  // Detected as the target language already: nothing to translate (as translate() answers for one text).
  if (!(detected && from === input.target)) {
    const queue = groups.slice();
    await Promise.all(
      Array.from({ length: Math.min(PARALLEL_BATCHES, queue.length) }, async () => {
        for (let group = queue.shift(); group; group = queue.shift()) await runBatch(group);
      }),
    );
  }
  return {
    outputs: outputs.map((output, index) =>
      parts[index]?.text ? `${parts[index].before}${output}${parts[index].after}` : (input.segments[index] ?? ""),
    ),
    from,
    ...(detected ? { detected } : {}),
    engine,
  };
}
