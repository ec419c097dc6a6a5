// Model answers as Markdown, under the chat profile of the one Markdown policy (core/markdown/policy.ts). The
// server renders saved answers for the first paint; in the browser app/lib/markdown.ts (marked + DOMPurify,
// loaded on first use) renders streaming and later answers the same way, and each code block gets a Copy button.
// No HTML from a model reaches the page unsanitized.
import { Check, Copy } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { loadMarkdownRenderer } from "~/lib/markdown";
import { notify } from "~/lib/toast";

/** Sanitized HTML, split so that every top-level code block can carry its own Copy button. */
type Segment = { kind: "html" | "code"; html: string };
type Renderer = (markdown: string) => Segment[];

let rendererPromise: Promise<Renderer> | undefined;
let renderer: Renderer | undefined;

function loadSegmentRenderer(): Promise<Renderer> {
  rendererPromise ??= loadMarkdownRenderer("chat").then((renderFragment) => {
    const render: Renderer = (markdown) => {
      const fragment = renderFragment(markdown);
      // Split at top-level nodes only: each part serializes to a complete, sanitized fragment.
      const segments: Segment[] = [];
      let pending = "";
      const holder = document.createElement("div");
      for (const node of Array.from(fragment.childNodes)) {
        if (node.nodeName === "PRE") {
          if (pending.trim()) segments.push({ kind: "html", html: pending });
          pending = "";
          segments.push({ kind: "code", html: (node as Element).outerHTML });
        } else {
          holder.replaceChildren(node);
          pending += holder.innerHTML;
        }
      }
      if (pending.trim()) segments.push({ kind: "html", html: pending });
      return segments;
    };
    renderer = render;
    return render;
  });
  return rendererPromise;
}

/**
 * Renders `markdown`. Until the browser's renderer has loaded it shows `serverHtml` (sanitized on the
 * server) when there is one, else the plain text, so server and first client render agree.
 */
export function Markdown({ markdown, serverHtml }: { markdown: string; serverHtml?: string }) {
  const [render, setRender] = useState<Renderer | undefined>(undefined);
  useEffect(() => {
    if (renderer) setRender(() => renderer);
    else void loadSegmentRenderer().then((loaded) => setRender(() => loaded));
  }, []);

  const segments = useMemo(() => (render ? render(markdown) : null), [render, markdown]);

  if (!segments) {
    return serverHtml !== undefined ? (
      // biome-ignore lint/security/noDangerouslySetInnerHtml: serverHtml is the loader's renderMarkdown(…, "chat") output (marked, then sanitize-html in worker/services/blog/markdown.ts)
      <div className="chat-prose" dangerouslySetInnerHTML={{ __html: serverHtml }} />
    ) : (
      <div className="chat-prose whitespace-pre-wrap">{markdown}</div>
    );
  }
  return (
    <div className="chat-prose">
      {/* A segment is its place in the answer: while an answer streams, its last segment grows where it is. */}
      {segments.map((segment, index) =>
        segment.kind === "code" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: keyed by place (above)
          <CodeBlock key={index} html={segment.html} />
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey lint/security/noDangerouslySetInnerHtml: keyed by place (above); each segment is the policy renderer's output (app/lib/markdown.ts)
          <div key={index} dangerouslySetInnerHTML={{ __html: segment.html }} />
        ),
      )}
    </div>
  );
}

function CodeBlock({ html }: { html: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(ref.current?.textContent?.replace(/\n$/, "") ?? "");
      setCopied(true);
    } catch {
      notify("error", "Could not copy", "Please select the code and copy it.");
    }
  }

  return (
    <div className="group relative">
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a code segment of the policy renderer's output (app/lib/markdown.ts) */}
      <div ref={ref} dangerouslySetInnerHTML={{ __html: html }} />
      <button
        type="button"
        onClick={() => void copy()}
        className="focus-on-dark absolute right-2 top-2 inline-flex items-center gap-1 rounded-md border border-white/20 bg-slate-800/90 px-2 py-1 text-xs font-medium text-slate-100 hover:bg-slate-700"
        aria-label={copied ? "Code copied" : "Copy code"}
      >
        {copied ? <Check className="size-3.5" aria-hidden /> : <Copy className="size-3.5" aria-hidden />}
        {copied ? "Copied" : "Copy"}
      </button>
    </div>
  );
}
