// The editor's live preview. marked and DOMPurify are loaded on first use, only on the editor screens,
// so no other page ships them. DOMPurify is the browser's pass; the server sanitizes again on render.
import { useEffect, useState } from "react";
import { isSameSitePath } from "@core/schemas/blog";

type Renderer = (markdown: string) => string;
let rendererPromise: Promise<Renderer> | undefined;

function loadRenderer(): Promise<Renderer> {
  rendererPromise ??= Promise.all([import("marked"), import("dompurify")]).then(([{ Marked }, { default: DOMPurify }]) => {
    const marked = new Marked({ gfm: true, breaks: false, async: false });
    const purify = DOMPurify(window);
    purify.addHook("afterSanitizeAttributes", (node) => {
      if (node.tagName === "A") node.setAttribute("rel", "noopener noreferrer nofollow");
      // As on the server: images only from this site (and the preview loads nothing from elsewhere).
      if (node.tagName === "IMG" && !isSameSitePath(node.getAttribute("src") ?? "")) node.remove();
    });
    return (markdown: string) =>
      purify.sanitize(marked.parse(markdown) as string, {
        USE_PROFILES: { html: true },
        FORBID_TAGS: ["style", "form", "input", "button", "textarea", "select", "iframe", "object", "embed", "svg", "math"],
        FORBID_ATTR: ["style"],
      });
  });
  return rendererPromise;
}

export function MarkdownPreview({ markdown, emptyText }: { markdown: string; emptyText: string }) {
  const [html, setHtml] = useState("");
  useEffect(() => {
    let cancelled = false;
    const timer = setTimeout(() => {
      void loadRenderer().then((render) => {
        if (!cancelled) setHtml(markdown.trim() ? render(markdown) : "");
      });
    }, 120);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [markdown]);
  return html ? (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: html is DOMPurify's output from loadRenderer above
    <div className="blog-prose" data-testid="markdown-preview" dangerouslySetInnerHTML={{ __html: html }} />
  ) : (
    <p className="text-sm text-slate-500">{emptyText}</p>
  );
}
