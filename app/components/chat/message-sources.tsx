// The web sources an Internet-mode answer cites (docs/product.md#ai-chat): numbered as its [n] markers, each a plain
// link that opens in a new tab with rel="noopener noreferrer nofollow". Nothing is loaded to show them: no
// favicons, no previews, only the stored title and the address's host.
import { ExternalLink } from "lucide-react";
import { LINK_REL } from "@core/markdown/policy";
import { sourceHref } from "@core/chat/citations";
import type { WebSource } from "@core/schemas/chat-features";

function host(href: string) {
  try {
    return new URL(href).host;
  } catch {
    return href;
  }
}

export function MessageSources({ sources }: { sources: readonly WebSource[] }) {
  const shown = sources.flatMap((source) => {
    const href = sourceHref(source.url);
    return href ? [{ ...source, href }] : [];
  });
  if (!shown.length) return null;
  return (
    <section className="mt-3 border-t border-slate-200 pt-2" aria-label="Sources">
      <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-600">Sources</h3>
      <ol className="mt-1 flex flex-col gap-1 text-sm" data-testid="sources">
        {shown.map((source) => (
          <li key={source.n} className="flex min-w-0 gap-1.5">
            <span className="shrink-0 text-slate-600">[{source.n}]</span>
            <a
              href={source.href}
              target="_blank"
              rel={LINK_REL}
              className="min-w-0 truncate text-brand-700 underline hover:text-brand-800"
              title={source.href}
            >
              {source.title || host(source.href)}
              <span className="ml-1 text-xs text-slate-600 no-underline">{host(source.href)}</span>
              <ExternalLink className="ml-1 inline size-3" aria-hidden />
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ol>
    </section>
  );
}
