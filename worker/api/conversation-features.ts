// Search, archived list and per-conversation export of the signed-in user's conversations (docs/product.md#ai-chat).
// Mounted at /conversations ahead of conversationsApi, so that /archived and /search are not read as an id.
// Every query is filtered by the user; another user's or an unknown id answers 404.
import { Hono } from "hono";
import { conversationSearchSchema, EXPORT_FORMATS, type ExportFormat } from "@core/schemas/chat-features";
import { requireUser, signedInOnly } from "../lib/permissions";
import { rateLimit } from "../lib/rate-limit";
import { RATE_LIMITS } from "../lib/rate-limit-rules";
import { validJson } from "../lib/validate";
import { listArchivedConversations } from "../services/chat/archived";
import { exportConversation } from "../services/chat/export";
import { searchConversations } from "../services/chat/search";
import { InvalidInput } from "../services/errors";
import type { AppEnv } from "../types";

const isExportFormat = (value: string | undefined): value is ExportFormat => EXPORT_FORMATS.some((format) => format === value);

export const conversationFeaturesApi = new Hono<AppEnv>()
  // The query is in the body, never in the URL (docs/product.md#privacy: no user text in URLs or logs).
  .post("/search", signedInOnly, rateLimit(RATE_LIMITS.chatSearch), validJson(conversationSearchSchema), async (c) => {
    const user = requireUser(c);
    const { query } = c.req.valid("json");
    return c.json({ results: await searchConversations(c.var.db, user.id, query) });
  })

  .get("/archived", async (c) => {
    const user = requireUser(c);
    return c.json({ conversations: await listArchivedConversations(c.var.db, user.id) });
  })

  // A download: ?format=markdown (the default) or json. Never cached: it is the user's text.
  .get("/:id/export", async (c) => {
    const user = requireUser(c);
    const format = c.req.query("format") ?? "markdown";
    if (!isExportFormat(format)) {
      throw new InvalidInput("invalid_input", "The format must be markdown or json.", { format: "The format must be markdown or json." });
    }
    const file = await exportConversation(c.var.db, user.id, c.req.param("id"), format);
    return c.body(file.body, 200, {
      "content-type": file.contentType,
      "content-disposition": `attachment; filename="${file.filename}"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    });
  });
