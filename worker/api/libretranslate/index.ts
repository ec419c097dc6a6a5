// The LibreTranslate-compatible API under /lt (docs/decisions/0019-libretranslate-api.md): existing LibreTranslate
// clients point their base URL at https://<host>/lt and send an API key from the account page. It is mounted ahead
// of the pages and their cross-site check: its callers are other apps, which authenticate with the key, never with
// cookies (nothing here reads a session), so any origin may call it, as LibreTranslate allows.
import { Hono } from "hono";
import { cors } from "hono/cors";
import { LANGUAGES } from "@core/languages";
import { DOCUMENT_FORMATS, MAX_DOCUMENT_BYTES } from "@core/schemas/documents";
import { database } from "../../db/client";
import { bodyLimit, countBodyBytes } from "../../lib/body-limit";
import { translationRouter } from "../../services/translation";
import type { AppEnv } from "../../types";
import { LtError, ltErrorResponse } from "./errors";
import { ltDownloadFile, ltTranslateFile } from "./files";
import { ltLanguages } from "./languages";
import { LT_LIMITS, ltDetect, ltTranslate } from "./translate";

/** A 1 MB document with its multipart framing, or a full batch of texts. */
const LT_BODY_MAX_BYTES = MAX_DOCUMENT_BYTES + 64 * 1024;

export const libreTranslateApi = new Hono<AppEnv>()
  .use("*", cors({ origin: "*", allowMethods: ["GET", "POST"], allowHeaders: ["Content-Type", "Authorization"], maxAge: 20 * 24 * 60 * 60 }))
  .use("*", countBodyBytes)
  .use("*", bodyLimit(LT_BODY_MAX_BYTES))
  .use("*", async (c, next) => {
    c.set("db", database(c.env.DB));
    await next();
  })
  .post("/translate", ltTranslate)
  .post("/detect", ltDetect)
  .post("/translate_file", ltTranslateFile)
  .get("/download_file/:token", ltDownloadFile)
  .get("/languages", async (c) => c.json(await ltLanguages(translationRouter(c.env))))
  .get("/frontend/settings", (c) => {
    const english = LANGUAGES.find((language) => language.code === "en");
    return c.json({
      charLimit: LT_LIMITS.charLimit,
      frontendTimeout: 500,
      apiKeys: true,
      keyRequired: true,
      suggestions: false,
      filesTranslation: true,
      supportedFilesFormat: DOCUMENT_FORMATS.map((format) => `.${format}`),
      language: { source: { code: "auto", name: "Auto Detect" }, target: { code: "en", name: english?.label ?? "English" } },
    });
  })
  .all("*", () => {
    throw new LtError(404, "Not Found");
  })
  .onError((error, c) => ltErrorResponse(error, c));
