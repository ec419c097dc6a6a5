// /api/studio/inbox: the owner's inbox and live chat (docs/product.md#studio). Owner-only, every route: the check
// runs before any body is read. The page actions (app/routes/studio/inbox*.server.ts) call the same services.
import { Hono } from "hono";
import * as z from "zod/mini";
import {
  inboxNotesSchema,
  inboxReplyPreviewSchema,
  inboxReplySchema,
  inboxSearchSchema,
  inboxSettingsSchema,
  inboxStatusSchema,
} from "@core/schemas/inbox";
import { ownerOnly } from "../../lib/permissions";
import { validJson } from "../../lib/validate";
import { requireSameSiteUpgrade, upgradeThrough } from "../../lib/websocket";
import { studioPresence } from "../../realtime/live-chat";
import { previewReply, retryDraft, sendReply } from "../../services/inbox/replies";
import { readInboxSettings, saveInboxSettings } from "../../services/inbox/settings";
import { openThread } from "../../services/inbox/thread-view";
import { listThreadPage, listThreads, saveNotes, setStatus, unreadCount } from "../../services/inbox/threads";
import type { AppEnv } from "../../types";

const statusFilter = z.optional(z.enum(["all", "open", "answered", "closed"]));

export const studioInboxApi = new Hono<AppEnv>()
  .use("*", ownerOnly)
  // The list, a page at a time; search text travels in a POST body (below), never in the address.
  .get("/", async (c) => {
    const parsed = statusFilter.safeParse(c.req.query("status"));
    const status = parsed.success ? parsed.data : undefined;
    const [list, unread] = await Promise.all([listThreadPage(c.var.db, { status }, Number(c.req.query("page") ?? 1)), unreadCount(c.var.db)]);
    return c.json({ ...list, unread });
  })
  .post("/search", validJson(inboxSearchSchema), async (c) => {
    const { q, status } = c.req.valid("json");
    return c.json({ threads: await listThreads(c.var.db, { status, query: q }) });
  })
  .get("/unread", async (c) => c.json({ unread: await unreadCount(c.var.db) }))
  .get("/settings", async (c) => c.json(await readInboxSettings(c.var.db)))
  .put("/settings", validJson(inboxSettingsSchema), async (c) => c.json(await saveInboxSettings(c.var.db, c.req.valid("json"))))
  // An open Studio: the owner is online for the contact page's Live Chat while this socket is open.
  .get("/presence", async (c) => {
    requireSameSiteUpgrade(c);
    return upgradeThrough(studioPresence(c.env), "https://studio-presence.internal");
  })
  .get("/:id", async (c) => c.json(await openThread(c.var.db, c.env, c.req.param("id"))))
  .post("/:id/status", validJson(inboxStatusSchema), async (c) => {
    await setStatus(c.var.db, c.req.param("id"), c.req.valid("json").status);
    return c.json({ ok: true as const });
  })
  .post("/:id/notes", validJson(inboxNotesSchema), async (c) => {
    await saveNotes(c.var.db, c.req.param("id"), c.req.valid("json").notes);
    return c.json({ ok: true as const });
  })
  .post("/:id/reply/preview", validJson(inboxReplyPreviewSchema), async (c) =>
    c.json(await previewReply(c.var.db, c.env, c.req.param("id"), c.req.valid("json"))),
  )
  .post("/:id/reply", validJson(inboxReplySchema), async (c) => c.json(await sendReply(c.var.db, c.env, c.req.param("id"), c.req.valid("json")), 201))
  .post("/:id/drafts/:messageId/send", async (c) => {
    await retryDraft(c.var.db, c.env, c.req.param("id"), c.req.param("messageId"));
    return c.json({ ok: true as const });
  });
