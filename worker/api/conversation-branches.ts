// Switching a conversation's branch (docs/product.md#ai-chat, docs/decisions/0026-chat-branches.md): the message
// chosen (a sibling picked with ‹ ›) becomes the one the active branch goes through. Remembered in D1, so that the
// next turn's context, a reload and every other tab follow it. Another user's or an unknown id answers 404.
import { Hono } from "hono";
import { branchSwitchSchema } from "@core/schemas/chat-branches";
import { requireUser, signedInOnly } from "../lib/permissions";
import { validJson } from "../lib/validate";
import { notifyUser } from "../realtime/events";
import { switchBranch } from "../services/chat/branches";
import type { AppEnv } from "../types";

export const conversationBranchesApi = new Hono<AppEnv>().post("/:id/branch", signedInOnly, validJson(branchSwitchSchema), async (c) => {
  const user = requireUser(c);
  const { messageId } = c.req.valid("json");
  const conversation = await switchBranch(c.var.db, user.id, c.req.param("id"), messageId);
  await notifyUser(c.env, user.id, [{ type: "conversation", action: "updated", conversation }]);
  return c.json({ conversation });
});
