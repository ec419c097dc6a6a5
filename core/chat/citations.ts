// [n] markers in an answer become links to its numbered web sources (docs/product.md#ai-chat). Done on the Markdown
// before it is rendered, on both sides, so that the chat profile of the one Markdown policy (core/markdown/policy.ts)
// gives every marker the same rel and target as any other link in an answer.
import type { WebSource } from "@core/schemas/chat-features";

/** Fenced code blocks and inline code spans: a marker inside them is code, not a citation. */
const CODE = /(```[\s\S]*?(?:```|$)|`[^`\n]*`)/g;
/** [n] that is not already a link ([n](…)), a reference definition ([n]: …) or inside brackets ([[n]]). Adjacent
 * markers ([2][1]) are two citations. */
const MARKER = /(?<!\[)\[(\d{1,2})\](?![(:\]])/g;

export function linkCitations(markdown: string, sources: readonly WebSource[] | null | undefined): string {
  if (!sources?.length) return markdown;
  const byNumber = new Map(sources.map((source) => [source.n, source]));
  return markdown
    .split(CODE)
    .map((part, index) => {
      // split() with a capture group puts the code parts at odd indexes.
      if (index % 2 === 1) return part;
      return part.replace(MARKER, (whole, digits: string) => {
        const source = byNumber.get(Number(digits));
        const href = source ? sourceHref(source.url) : null;
        return source && href ? `[[${source.n}]](<${href}> "${source.n}. ${titleAttribute(source.title)}")` : whole;
      });
    })
    .join("");
}

/** A source's address as a link may carry it: http(s) only, normalized (URL encodes spaces, < and >). */
export function sourceHref(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.href : null;
  } catch {
    return null;
  }
}

const titleAttribute = (title: string) => title.replace(/["\\\n]/g, " ").slice(0, 200);
