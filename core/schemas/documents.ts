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
