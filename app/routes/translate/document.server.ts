// The document route's server half (docs/decisions/0019-libretranslate-api.md, documents): the same checks, limit and
// service as /lt/translate_file, answered as a download (no JavaScript) or as progress lines (the screen's fetch).
// A refusal without JavaScript goes back to the translator with only its error code in the address, never the text.
import { redirect, type RouterContextProvider } from "react-router";
import { DOCUMENT_STREAM_TYPE, type DocumentProgress, MAX_DOCUMENT_BYTES } from "@core/schemas/documents";
import { DomainError, toApiError } from "@worker/lib/errors";
import { enforceRateLimit } from "@worker/lib/rate-limit";
import { RATE_LIMITS } from "@worker/lib/rate-limit-rules";
import { translateDocument } from "@worker/services/documents/translate";
import { InvalidInput } from "@worker/services/errors";
import { checkPair, translationRouter } from "@worker/services/translation";
import { actionServices } from "~/lib/form-action.server";
import { requireUser } from "~/lib/permissions.server";
import { sessionHeaders } from "~/lib/session.server";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** Room for the multipart framing and the two language fields around a file of the largest size. */
const MAX_BODY_BYTES = MAX_DOCUMENT_BYTES + 16 * 1024;
const TOO_LARGE = new InvalidInput("document_too_large", "The file is larger than 1 MB. Split it, or translate a shorter one.");

/** The posted form, once its declared size is within bounds (browsers always declare a form's length). */
async function readUpload(request: Request) {
  const length = Number(request.headers.get("content-length"));
  if (!Number.isFinite(length) || length > MAX_BODY_BYTES) throw TOO_LARGE;
  const form = await request.formData().catch(() => null);
  const file = form?.get("file");
  if (!(file instanceof File) || !file.name) throw new InvalidInput("document_missing", "Choose a file to translate.");
  return { file, source: form?.get("source"), target: form?.get("target") };
}

/** Where a refusal goes without JavaScript: back to the translator, which says what went wrong by its code. */
function refused(error: unknown, headers: Headers) {
  const code = error instanceof DomainError ? error.code : "internal_error";
  if (!(error instanceof DomainError)) console.error("document translation failed", error);
  return redirect(`/translate?document_error=${encodeURIComponent(code)}#document`, { headers });
}

function attachment(name: string, content: string, headers: Headers) {
  headers.set("content-type", "application/octet-stream");
  headers.set(
    "content-disposition",
    `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(name)}`,
  );
  headers.set("cache-control", "no-store");
  return new Response(content, { headers });
}

/** Progress lines while the engine works, then the file (or the error) as the last line. */
function progressStream(run: (report: (line: DocumentProgress) => void) => Promise<void>, headers: Headers) {
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const writer = writable.getWriter();
  const encoder = new TextEncoder();
  const report = (line: DocumentProgress) => void writer.write(encoder.encode(`${JSON.stringify(line)}\n`)).catch(() => undefined);
  void run(report)
    .catch((error: unknown) => {
      const answer = error instanceof DomainError ? toApiError(error) : null;
      if (!answer) console.error("document translation failed", error);
      report({
        type: "error",
        code: answer?.code ?? "internal_error",
        message: answer?.message ?? "Something went wrong on our side. Please try again.",
      });
    })
    .finally(() => void writer.close().catch(() => undefined));
  headers.set("content-type", `${DOCUMENT_STREAM_TYPE}; charset=utf-8`);
  headers.set("cache-control", "no-store");
  return new Response(readable, { headers });
}

export async function translateDocumentAction({ request, context }: Args) {
  const resolved = await requireUser({ request, context, url: new URL("/translate", request.url) });
  const userId = resolved.session.user.id;
  const headers = sessionHeaders(resolved);
  const { db, env } = actionServices(context);
  const streamed = (request.headers.get("accept") ?? "").includes(DOCUMENT_STREAM_TYPE);
  const prepare = async () => {
    await enforceRateLimit(db, RATE_LIMITS.translateDocument, userId);
    const upload = await readUpload(request);
    const { source, target } = checkPair(upload.source, upload.target);
    const bytes = await upload.file.arrayBuffer();
    return (onProgress?: (done: number, total: number) => void) =>
      translateDocument(translationRouter(env), { name: upload.file.name, bytes, source, target }, onProgress);
  };
  // The upload is read before the answer starts: once a response is on its way, the request's body is gone.
  let run: Awaited<ReturnType<typeof prepare>>;
  try {
    run = await prepare();
  } catch (error) {
    return streamed ? progressStream(() => Promise.reject(error), headers) : refused(error, headers);
  }
  if (!streamed) {
    try {
      const translated = await run();
      return attachment(translated.name, translated.content, headers);
    } catch (error) {
      return refused(error, headers);
    }
  }
  return progressStream(async (report) => {
    const translated = await run((done, total) => report({ type: "progress", done, total }));
    report({
      type: "done",
      name: translated.name,
      content: translated.content,
      ...(translated.detectedConfidence === undefined ? {} : { detectedSource: translated.from }),
    });
  }, headers);
}
