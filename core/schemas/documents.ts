// Documents (docs/product.md#translator): the formats the translator takes, their size bound, and the names of
// the results, shared by the screen, its action and /lt/translate_file.
export const DOCUMENT_FORMATS = ["txt", "md", "srt", "vtt", "html"] as const;
export type DocumentFormat = (typeof DOCUMENT_FORMATS)[number];
/** What the file picker accepts. */
export const DOCUMENT_ACCEPT = ".txt,.md,.markdown,.srt,.vtt,.html,.htm";
export const MAX_DOCUMENT_BYTES = 1024 * 1024;

const EXTENSIONS: Readonly<Record<string, DocumentFormat>> = {
  txt: "txt",
  md: "md",
  markdown: "md",
  srt: "srt",
  vtt: "vtt",
  html: "html",
  htm: "html",
};

export const DOCUMENT_FORMAT_MESSAGE = "Choose a .txt, .md, .srt, .vtt or .html file.";
export const DOCUMENT_SIZE_MESSAGE = "The file is larger than 1 MB. Split it, or translate a shorter one.";
export const DOCUMENT_EMPTY_MESSAGE = "The file is empty.";

/** The format a file name says, or null for any other kind of file. */
export function documentFormat(name: string): DocumentFormat | null {
  const extension = /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase();
  return (extension && EXTENSIONS[extension]) || null;
}

/** `notes.md` translated into Spanish downloads as `notes.es.md`; the name keeps only safe characters. */
export function translatedFileName(name: string, target: string) {
  const base = (name.split(/[\\/]/).pop() ?? "document").replace(/[^\p{L}\p{N}._ -]+/gu, "_").slice(0, 120) || "document";
  const dot = base.lastIndexOf(".");
  return dot > 0 ? `${base.slice(0, dot)}.${target}${base.slice(dot)}` : `${base}.${target}`;
}

/** What the document route streams to the screen, one JSON object a line (with JavaScript on). */
export type DocumentProgress =
  | { type: "progress"; done: number; total: number }
  | { type: "done"; name: string; content: string; detectedSource?: string }
  | { type: "error"; code: string; message: string };
/** The screen asks for the stream with this Accept header; a form post without JavaScript gets the file itself. */
export const DOCUMENT_STREAM_TYPE = "application/x-ndjson";

/**
 * What the screen says for a refusal that came back as a page without JavaScript: the address carries only the
 * error's code (never anything of the document), and the words are looked up here.
 */
export const DOCUMENT_ERROR_MESSAGES: Readonly<Record<string, string>> = {
  document_format: DOCUMENT_FORMAT_MESSAGE,
  document_too_large: DOCUMENT_SIZE_MESSAGE,
  document_empty: DOCUMENT_EMPTY_MESSAGE,
  document_missing: "Choose a file to translate.",
  document_encoding: "The file is not UTF-8 text. Save it as UTF-8 and try again.",
  rate_limited: "Too many documents at once. Please wait a few minutes and try again.",
  language_undetected: "Could not detect the document's language. Please choose the source language.",
  unsupported_selection: "Unsupported language selection",
  translation_failed: "The translation service is not answering right now. Please try again.",
  translation_not_configured: "No translation engine is available on this server right now.",
};
export const DOCUMENT_ERROR_FALLBACK = "Could not translate the document. Please check the languages and try again.";
