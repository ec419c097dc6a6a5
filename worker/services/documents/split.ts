// What every document format does (docs/product.md#translator, documents): it cuts a file into the segments the
// engine translates, and puts the translations back where the segments were, leaving everything else as it was.

/** A file cut into translatable segments; `join` rebuilds it from one translation per segment, in order. */
export type SplitDocument = { segments: string[]; join(translations: readonly string[]): string };

/** A piece of the source that is translated, by its position. */
export type Span = { start: number; end: number };

/** A split document from spans of `source` (increasing, not overlapping): everything between them stays as it is. */
export function fromSpans(source: string, spans: readonly Span[]): SplitDocument {
  return {
    segments: spans.map(({ start, end }) => source.slice(start, end)),
    join(translations) {
      let out = "";
      let last = 0;
      spans.forEach(({ start, end }, index) => {
        out += source.slice(last, start) + (translations[index] ?? source.slice(start, end));
        last = end;
      });
      return out + source.slice(last);
    },
  };
}
