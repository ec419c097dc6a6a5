// Translating a document (docs/product.md#translator, documents): the file is cut into segments by its format,
// the segments go to the engine in batches through the screen's own service (translateSegments), and the file is
// rebuilt around the translations. Nothing of it is stored here.
import {
  DOCUMENT_EMPTY_MESSAGE,
  DOCUMENT_FORMAT_MESSAGE,
  DOCUMENT_SIZE_MESSAGE,
  type DocumentFormat,
  documentFormat,
  MAX_DOCUMENT_BYTES,
  translatedFileName,
} from "@core/schemas/documents";
import { InvalidInput } from "../errors";
import type { TranslationRouter } from "../translation";
import { translateSegments } from "../translation/segments";
import { splitHtml } from "./html";
import { splitMarkdown } from "./markdown";
import type { SplitDocument } from "./split";
import { splitSubtitles } from "./subtitles";
import { splitText } from "./text";

export function splitDocument(format: DocumentFormat, source: string): SplitDocument {
  if (format === "md") return splitMarkdown(source);
  if (format === "srt" || format === "vtt") return splitSubtitles(source, format);
  if (format === "html") return splitHtml(source);
  return splitText(source);
}

export type DocumentInput = { name: string; bytes: ArrayBuffer; source: string; target: string; model?: string | null; signal?: AbortSignal };
export type TranslatedDocument = { name: string; content: string; format: DocumentFormat; from: string; detectedConfidence?: number };

/** The file's format and text, or InvalidInput (named on the `file` field) when it is not one we translate. */
export function readDocument(name: string, bytes: ArrayBuffer) {
  const format = documentFormat(name);
  if (!format) throw new InvalidInput("document_format", DOCUMENT_FORMAT_MESSAGE, { file: DOCUMENT_FORMAT_MESSAGE });
  if (bytes.byteLength > MAX_DOCUMENT_BYTES) throw new InvalidInput("document_too_large", DOCUMENT_SIZE_MESSAGE, { file: DOCUMENT_SIZE_MESSAGE });
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes).replace(/^\uFEFF/, "");
  } catch {
    const message = "The file is not UTF-8 text. Save it as UTF-8 and try again.";
    throw new InvalidInput("document_encoding", message, { file: message });
  }
  if (!text.trim()) throw new InvalidInput("document_empty", DOCUMENT_EMPTY_MESSAGE, { file: DOCUMENT_EMPTY_MESSAGE });
  return { format, text };
}

export async function translateDocument(
  router: TranslationRouter,
  input: DocumentInput,
  onProgress?: (done: number, total: number) => void,
): Promise<TranslatedDocument> {
  const { format, text } = readDocument(input.name, input.bytes);
  const split = splitDocument(format, text);
  const result = await translateSegments(
    router,
    { source: input.source, target: input.target, segments: split.segments, model: input.model, signal: input.signal },
    onProgress,
  );
  return {
    name: translatedFileName(input.name, input.target),
    content: split.join(result.outputs),
    format,
    from: result.from,
    ...(result.detected ? { detectedConfidence: result.detected.confidence } : {}),
  };
}
