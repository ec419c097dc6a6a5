// Plain text: each paragraph (text between blank lines) is a segment; the blank lines stay as they were.
import { fromSpans, type Span, type SplitDocument } from "./split";

export function splitText(source: string): SplitDocument {
  const spans: Span[] = [];
  for (const match of source.matchAll(/[^\n]*\S[^\n]*(?:\n[^\n]*\S[^\n]*)*/g)) spans.push({ start: match.index, end: match.index + match[0].length });
  return fromSpans(source, spans);
}
