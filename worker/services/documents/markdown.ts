// Markdown: marked's lexer finds the text of headings, paragraphs, lists, quotes and tables; only that text is
// translated, found in the source by position so that every mark (emphasis, links and their addresses, code,
// HTML, tables, fences) stays byte for byte. Code, inline code, HTML and images are not translated.
import { marked, type Token } from "marked";
import { fromSpans, type Span, type SplitDocument } from "./split";

const UNTRANSLATED = new Set(["code", "codespan", "html", "image", "def", "hr", "space", "br", "escape", "checkbox"]);

/** A token as walked here; a table's cells carry `header: true`, the table itself the list of header cells. */
type Node = { type?: string; raw?: string; tokens?: Node[]; items?: Node[]; header?: Node[] | boolean; rows?: Node[][] };

function children(node: Node): Node[] {
  const header = Array.isArray(node.header) ? node.header : [];
  return [...(node.tokens ?? []), ...(node.items ?? []), ...header, ...(node.rows ?? []).flat()];
}

class SpanFinder {
  readonly spans: Span[] = [];
  constructor(private readonly source: string) {}

  /** Walks `nodes` in order from `cursor`; answers where the walk ended. */
  walk(nodes: readonly Node[], cursor: number): number {
    for (const node of nodes) cursor = this.visit(node, cursor);
    return cursor;
  }

  private visit(node: Node, cursor: number): number {
    const raw = node.raw ?? "";
    const at = raw ? this.source.indexOf(raw, cursor) : -1;
    if (node.type && UNTRANSLATED.has(node.type)) return at === -1 ? cursor : at + raw.length;
    const inner = children(node);
    if (inner.length) {
      // Children are searched inside the node's own text, and the walk goes on after it (past a link's address).
      const end = this.walk(inner, at === -1 ? cursor : at);
      return at === -1 ? end : Math.max(end, at + raw.length);
    }
    if (!raw.trim()) return at === -1 ? cursor : at + raw.length;
    if (at !== -1) {
      this.spans.push({ start: at, end: at + raw.length });
      return at + raw.length;
    }
    // Text the lexer joined across prefixed lines (a quote's "> ", a list's indentation): one line at a time.
    for (const line of raw.split("\n")) {
      const text = line.trim();
      if (!text) continue;
      const found = this.source.indexOf(text, cursor);
      if (found === -1) continue;
      this.spans.push({ start: found, end: found + text.length });
      cursor = found + text.length;
    }
    return cursor;
  }
}

export function splitMarkdown(source: string): SplitDocument {
  const finder = new SpanFinder(source);
  finder.walk(marked.lexer(source) as Token[] as Node[], 0);
  return fromSpans(source, finder.spans);
}
