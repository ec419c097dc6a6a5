// POST /lt/translate_file and GET /lt/download_file/:token (docs/decisions/0019-libretranslate-api.md): a document
// translated as the screen translates it, handed over by a one-time URL. The download is an attachment of a type
// no browser renders, so a hostile HTML file stays inert.
import type { Context } from "hono";
import { checkLanguageCode } from "@core/languages";
import { documentFormat, MAX_DOCUMENT_BYTES } from "@core/schemas/documents";
import { holdForDownload, takeDownload } from "../../services/documents/downloads";
import { translateDocument } from "../../services/documents/translate";
import { translationRouter } from "../../services/translation";
import type { AppEnv } from "../../types";
import { requireApiKey } from "./access";
import { invalidRequest, LtError, missingParameter, notSupported } from "./errors";
import { ltParams } from "./params";

function language(raw: unknown, name: string, allowAuto: boolean) {
  if (typeof raw !== "string" || !raw) throw missingParameter(name);
  const checked = checkLanguageCode(raw, { allowAuto });
  if (!checked.ok) throw notSupported(raw.slice(0, 40));
  return checked.code;
}

export async function ltTranslateFile(c: Context<AppEnv>) {
  const params = await ltParams(c);
  const file = params.file("file");
  // A file is charged by its size, the way LibreTranslate prices it (bytes, not a count of its text).
  const { userId } = await requireApiKey(c, file && file.size <= MAX_DOCUMENT_BYTES ? file.size : 0);
  if (!file) throw missingParameter("file");
  const source = language(params.get("source"), "source", true);
  const target = language(params.get("target"), "target", false);
  if (!file.name) throw invalidRequest("empty file");
  if (!documentFormat(file.name)) throw invalidRequest("file format not supported");
  if (file.size > MAX_DOCUMENT_BYTES) throw new LtError(400, `Invalid request: file size exceeds limit (${MAX_DOCUMENT_BYTES})`);
  const translated = await translateDocument(translationRouter(c.env), { name: file.name, bytes: await file.arrayBuffer(), source, target });
  const token = await holdForDownload(c.var.db, userId, { name: translated.name, content: translated.content });
  return c.json({ translatedFileUrl: `${new URL(c.req.url).origin}/lt/download_file/${token}` });
}

export async function ltDownloadFile(c: Context<AppEnv>) {
  const file = await takeDownload(c.var.db, c.req.param("token") ?? "");
  if (!file) throw new LtError(404, "This file has already been downloaded or has expired.");
  return new Response(file.content, {
    headers: {
      "content-type": "application/octet-stream",
      "content-disposition": `attachment; filename="${file.name.replace(/[^\x20-\x7e]|["\\]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      "cache-control": "no-store",
    },
  });
}
