// The signed-in user's conversations (docs/product.md#ai-chat): list, read with messages, rename, archive,
// delete. Every query is filtered by the user; another user's or an unknown id answers 404. Each change
// is announced to the user's open tabs through their realtime hub.
import { Hono } from "hono";
import { conversationUpdateSchema } from "@core/schemas/chat";
import { requireUser, signedInOnly } from "../lib/permissions";
import { validJson } from "../lib/validate";
import { notifyUser } from "../realtime/events";
import {
  conversationMessages,
  deleteConversation,
  listConversations,
  ownedConversation,
  toSummary,
  updateConversation,
} from "../services/chat/conversations";
import type { AppEnv } from "../types";
import { conversationNotFound } from "../lib/errors";

export const conversationsApi = new Hono<AppEnv>()
  // Non-archived, newest update first.
  .get("/", async (c) => {
    const user = requireUser(c);
    return c.json({ conversations: await listConversations(c.var.db, user.id) });
  })

  // One conversation (archived ones too, e.g. from the Account page) and its messages, oldest first.
  .get("/:id", async (c) => {
    const user = requireUser(c);
    // Both read at once (docs/decisions/0028-the-d1-round-trip-budget.md): the messages are filtered by the user too,
    // and are answered only when the conversation is theirs.
    const id = c.req.param("id");
    const [conversation, messages] = await Promise.all([ownedConversation(c.var.db, user.id, id), conversationMessages(c.var.db, user.id, id)]);
    return c.json({ conversation: toSummary(conversation), messages });
  })

  // Rename (trimmed; an empty or unchanged title changes nothing) and archive or unarchive.
  .patch("/:id", signedInOnly, validJson(conversationUpdateSchema), async (c) => {
    const user = requireUser(c);
    const change = c.req.valid("json");
    const result = await updateConversation(c.var.db, user.id, c.req.param("id"), change);
    if (!result) throw conversationNotFound();
    if (result.changed) await notifyUser(c.env, user.id, [{ type: "conversation", action: "updated", conversation: result.conversation }]);
    return c.json({ conversation: result.conversation });
  })

  .delete("/:id", async (c) => {
    const user = requireUser(c);
    const deleted = await deleteConversation(c.var.db, user.id, c.req.param("id"));
    if (!deleted) throw conversationNotFound();
    await notifyUser(c.env, user.id, [{ type: "conversation", action: "deleted", conversation: deleted }]);
    return c.body(null, 204);
  });
