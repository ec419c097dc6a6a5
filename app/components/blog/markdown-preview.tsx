// The editor's live preview: the post profile of the one Markdown policy (core/markdown/policy.ts), rendered in the
// browser by app/lib/markdown.ts (marked + DOMPurify, loaded on first use, only on the editor screens), so it shows
// exactly what publishing renders on the server.
import { useEffect, useState } from "react";
import { fragmentHtml, loadMarkdownRenderer } from "~/lib/markdown";

export function MarkdownPreview({ markdown, emptyText }: { markdown: string; emptyText: string }) {
  const [html, setHtml] = useState("");
  useEffect(() => {
    let cancelled = false;
    const timer = setTimeout(() => {
      void loadMarkdownRenderer("post").then((render) => {
        if (!cancelled) setHtml(markdown.trim() ? fragmentHtml(render(markdown)) : "");
      });
    }, 120);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [markdown]);
  return html ? (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: html is the policy renderer's output (app/lib/markdown.ts)
    <div className="blog-prose" data-testid="markdown-preview" dangerouslySetInnerHTML={{ __html: html }} />
  ) : (
    <p className="text-sm text-slate-500">{emptyText}</p>
  );
}
