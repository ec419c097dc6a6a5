// SubRip (.srt) and WebVTT (.vtt): a cue's text lines are one segment; its number, identifier and timing line stay
// as they are, and so do WebVTT's header, NOTE, STYLE and REGION blocks.
import { fromSpans, type Span, type SplitDocument } from "./split";

const TIMING = /-->/;
const KEPT_VTT_BLOCK = /^(WEBVTT|NOTE|STYLE|REGION)\b/;

/** The blocks of the file (runs of non-blank lines) with where each starts. */
function blocks(source: string) {
  return [...source.matchAll(/[^\r\n]*\S[^\r\n]*(?:\r?\n[^\r\n]*\S[^\r\n]*)*/g)].map((match) => ({ text: match[0], start: match.index }));
}

/** In a cue block, the span after its timing line (the cue text), or none for a block with no timing line. */
function cueText(block: { text: string; start: number }): Span | null {
  const timing = TIMING.exec(block.text);
  if (!timing) return null;
  const lineEnd = block.text.indexOf("\n", timing.index);
  if (lineEnd === -1) return null;
  return { start: block.start + lineEnd + 1, end: block.start + block.text.length };
}

export function splitSubtitles(source: string, kind: "srt" | "vtt"): SplitDocument {
  const spans: Span[] = [];
  for (const block of blocks(source)) {
    if (kind === "vtt" && KEPT_VTT_BLOCK.test(block.text)) continue;
    const span = cueText(block);
    if (span) spans.push(span);
  }
  return fromSpans(source, spans);
}
