// Translating a document on the translator screen (docs/product.md#translator, documents): a .txt, .md, .srt, .vtt or
// .html file up to 1 MB. The form posts to /translate/document and works without JavaScript (the answer is the
// translated file itself); with JavaScript the same form is sent by fetch, a progress bar follows the engine's
// batches, and the file is handed over as a download made in the browser. Nothing of the document is kept.
import { Download, FileText, Loader2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { FormNotice } from "~/components/forms/form-notice";
import { LanguageSelect } from "~/components/translator/language-select";
import { useHydrated } from "~/lib/use-hydrated";
import { AUTO, languageLabel } from "@core/languages";
import {
  DOCUMENT_ACCEPT,
  DOCUMENT_ERROR_FALLBACK,
  DOCUMENT_ERROR_MESSAGES,
  DOCUMENT_SIZE_MESSAGE,
  DOCUMENT_STREAM_TYPE,
  type DocumentProgress,
  MAX_DOCUMENT_BYTES,
} from "@core/schemas/documents";

export const DOCUMENT_ACTION = "/translate/document";

type Finished = { name: string; url: string; detectedSource?: string };
type State =
  | { kind: "idle" }
  | { kind: "working"; done: number; total: number }
  | { kind: "finished"; file: Finished }
  | { kind: "failed"; message: string };

/** Reads the route's progress lines as they arrive; answers the last one (the file, or the error). */
async function readProgress(response: Response, onProgress: (done: number, total: number) => void): Promise<DocumentProgress> {
  if (!response.body || !(response.headers.get("content-type") ?? "").includes(DOCUMENT_STREAM_TYPE)) {
    return { type: "error", code: "http_error", message: response.status === 200 ? "Please sign in again." : DOCUMENT_ERROR_FALLBACK };
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = "";
  let last: DocumentProgress | null = null;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffered += value;
    const lines = buffered.split("\n");
    buffered = lines.pop() ?? "";
    for (const line of lines) {
      if (!line.trim()) continue;
      const parsed = JSON.parse(line) as DocumentProgress;
      if (parsed.type === "progress") onProgress(parsed.done, parsed.total);
      else last = parsed;
    }
  }
  return last ?? { type: "error", code: "incomplete", message: DOCUMENT_ERROR_FALLBACK };
}

/** A refusal that came back as the translator page (no JavaScript): said by its code. */
function useRefusalFromAddress() {
  const [params] = useSearchParams();
  const code = params.get("document_error");
  return code ? (DOCUMENT_ERROR_MESSAGES[code] ?? DOCUMENT_ERROR_FALLBACK) : null;
}

function ProgressBar({ done, total }: { done: number; total: number }) {
  const percent = total ? Math.round((100 * done) / total) : 0;
  return (
    <div className="mt-4">
      <label htmlFor="document-progress" className="text-sm text-slate-700">
        Translating… {total ? `${done} of ${total} parts` : "reading the file"}
      </label>
      <progress id="document-progress" className="mt-2 block h-2 w-full accent-indigo-600" max={100} value={percent}>
        {percent}%
      </progress>
    </div>
  );
}

export function DocumentTranslator({ initialTarget }: { initialTarget: string }) {
  const hydrated = useHydrated();
  const refusedByAddress = useRefusalFromAddress();
  const [source, setSource] = useState(AUTO);
  const [target, setTarget] = useState(initialTarget);
  const [state, setState] = useState<State>({ kind: "idle" });
  const download = useRef<HTMLAnchorElement>(null);
  const finishedUrl = state.kind === "finished" ? state.file.url : null;

  // The translated file lives only in this tab's memory, and only until the next one replaces it.
  useEffect(() => () => void (finishedUrl && URL.revokeObjectURL(finishedUrl)), [finishedUrl]);
  useEffect(() => {
    if (finishedUrl) download.current?.click();
  }, [finishedUrl]);

  async function send(form: HTMLFormElement) {
    const file = (form.elements.namedItem("file") as HTMLInputElement | null)?.files?.[0];
    if (!file) return setState({ kind: "failed", message: DOCUMENT_ERROR_MESSAGES.document_missing ?? DOCUMENT_ERROR_FALLBACK });
    if (file.size > MAX_DOCUMENT_BYTES) return setState({ kind: "failed", message: DOCUMENT_SIZE_MESSAGE });
    setState({ kind: "working", done: 0, total: 0 });
    try {
      // A page action, not /api: the same door the form uses without JavaScript, asked for progress lines instead.
      // With JavaScript the language pickers are widgets, not form fields: their choices are added here.
      const body = new FormData(form);
      body.set("source", source);
      body.set("target", target);
      const response = await fetch(DOCUMENT_ACTION, { method: "POST", body, headers: { accept: DOCUMENT_STREAM_TYPE } });
      const last = await readProgress(response, (done, total) => setState({ kind: "working", done, total }));
      if (last.type !== "done") return setState({ kind: "failed", message: last.type === "error" ? last.message : DOCUMENT_ERROR_FALLBACK });
      const url = URL.createObjectURL(new Blob([last.content], { type: "application/octet-stream" }));
      setState({ kind: "finished", file: { name: last.name, url, ...(last.detectedSource ? { detectedSource: last.detectedSource } : {}) } });
    } catch {
      setState({ kind: "failed", message: "Network error. Please check your connection and try again." });
    }
  }

  const working = state.kind === "working";
  return (
    <section id="document" aria-labelledby="document-title" className="card mt-8 scroll-mt-16">
      <h2 id="document-title" className="text-xl font-semibold text-slate-900">
        Translate a document
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        A .txt, .md, .srt, .vtt or .html file up to 1 MB. Only its text is translated: Markdown, subtitle timings and HTML tags stay as they are.
        Nothing of the document is stored, not even in your history: you get the translated file, and that is all.
      </p>
      <form
        method="post"
        action={DOCUMENT_ACTION}
        encType="multipart/form-data"
        className="mt-4 grid gap-4 md:grid-cols-3 md:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          void send(event.currentTarget);
        }}
      >
        <div className="md:col-span-3">
          <label htmlFor="document-file" className="label">
            File
          </label>
          <input id="document-file" name="file" type="file" accept={DOCUMENT_ACCEPT} required className="input" />
        </div>
        <LanguageSelect label="Document language" name="source" value={source} onChange={setSource} withAuto />
        <LanguageSelect label="Translate into" name="target" value={target} onChange={setTarget} />
        <button type="submit" className="btn-primary" disabled={hydrated && working} aria-busy={working || undefined}>
          {working ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <FileText className="size-4" aria-hidden />}
          {working ? "Translating…" : "Translate document"}
        </button>
      </form>
      <div aria-live="polite">
        {working && <ProgressBar done={state.done} total={state.total} />}
        {state.kind === "finished" && (
          <p className="mt-4 flex flex-wrap items-center gap-3 text-sm text-slate-700">
            <span>
              Done{state.file.detectedSource ? ` (translated from ${languageLabel(state.file.detectedSource)})` : ""}: your download has started.
            </span>
            <a ref={download} href={state.file.url} download={state.file.name} className="btn-secondary">
              <Download className="size-4" aria-hidden />
              Download {state.file.name}
            </a>
          </p>
        )}
      </div>
      {(state.kind === "failed" || (state.kind === "idle" && refusedByAddress)) && (
        <div className="mt-4">
          <FormNotice
            notice={{
              kind: "error",
              title: "Could not translate the document",
              description: state.kind === "failed" ? state.message : (refusedByAddress ?? ""),
            }}
          />
        </div>
      )}
    </section>
  );
}
