// POST /api/ai-stream/temporary/discard (docs/decisions/0027-temporary-chats.md): the screen left a temporary chat
// (New chat, another conversation, or the tab going away), and the user's hub forgets it at once. Like the stream it
// belongs to, it needs only a valid access token: forgetting one's own chat in memory touches no D1 row.
import { Hono } from "hono";
import { temporaryChatDiscardSchema } from "@core/schemas/chat";
import { identifiedOnly, readSignedIdentity, requireSignedIdentity } from "../lib/session";
import { validJson } from "../lib/validate";
import { userHub } from "../realtime/events";
import type { AppEnv } from "../types";

export const temporaryChatApi = new Hono<AppEnv>().post(
  "/discard",
  readSignedIdentity,
  identifiedOnly,
  validJson(temporaryChatDiscardSchema),
  async (c) => {
    const { userId } = requireSignedIdentity(c);
    const discarded = await userHub(c.env, userId).discardTemporary(c.req.valid("json").conversationId);
    return c.json({ discarded });
  },
);
