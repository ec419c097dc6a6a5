// /api/live-chat: the visitor's side of the contact page's Live Chat (docs/product.md#studio). Signed out. The
// chat's cookie is set only by POST /open, when the visitor starts a chat; nothing is stored in the browser before.
// The offline form (nobody online) stays POST /api/forms/live-chat and the contact page's action.
import { Hono, type Context } from "hono";
import { liveChatMessageTextSchema, liveChatOpenSchema } from "@core/schemas/inbox";
import { ApiError } from "../lib/errors";
import { requireProof } from "../lib/human-proof";
import { enforceRateLimit, rateLimit } from "../lib/rate-limit";
import { LIVE_CHAT_MESSAGES, RATE_LIMITS } from "../lib/rate-limit-rules";
import { validJson } from "../lib/validate";
import { requireSameSiteUpgrade, upgradeThrough } from "../lib/websocket";
import { LIVE_CHAT_THREAD_HEADER, liveChatRoom } from "../realtime/live-chat";
import { cookieIsSecure, readCookie, serializeCookie } from "../services/auth/cookies";
import {
  findVisitorChat,
  LIVE_CHAT_COOKIE,
  LIVE_CHAT_COOKIE_SECONDS,
  liveChatState,
  openLiveChat,
  postVisitorMessage,
} from "../services/inbox/live-chat";
import type { AppEnv } from "../types";

const visitorToken = (c: Context<AppEnv>) => readCookie(c.req.header("cookie"), LIVE_CHAT_COOKIE);

async function visitorChat(c: Context<AppEnv>) {
  const thread = await findVisitorChat(c.var.db, visitorToken(c));
  if (!thread) throw new ApiError(404, "no_live_chat", "There is no live chat in this browser. Please start one.");
  return thread;
}

export const liveChatApi = new Hono<AppEnv>()
  // Whether an owner is online, and the visitor's chat when their browser has one.
  .get("/", async (c) => c.json(await liveChatState(c.var.db, c.env, visitorToken(c))))
  // Opening a live chat: the one endpoint that starts one (and sets the cookie), behind the human check like the
  // offline form (docs/decisions/0018-bot-protection.md); the messages after it ride on the chat's cookie.
  .post("/open", rateLimit(RATE_LIMITS.liveChatOpen), requireProof(), validJson(liveChatOpenSchema), async (c) => {
    const opened = await openLiveChat(c.var.db, c.env, c.req.valid("json"));
    c.header(
      "set-cookie",
      serializeCookie(LIVE_CHAT_COOKIE, opened.token, { maxAgeSeconds: LIVE_CHAT_COOKIE_SECONDS, secure: cookieIsSecure(c.req.url) }),
    );
    return c.json({ chat: opened.chat }, 201);
  })
  .post("/messages", rateLimit(RATE_LIMITS.liveChatMessageIp), async (c) => {
    const thread = await visitorChat(c);
    await enforceRateLimit(c.var.db, LIVE_CHAT_MESSAGES, thread.id);
    const body = liveChatMessageTextSchema.safeParse(await c.req.json().catch(() => null));
    if (!body.success)
      throw new ApiError(400, "invalid_input", "Please write a message of at most 5,000 characters.", { text: "Please write a message." });
    return c.json({ line: await postVisitorMessage(c.var.db, c.env, thread, body.data.text) }, 201);
  })
  // The visitor's socket: the owner's replies arrive on it at once.
  .get("/socket", async (c) => {
    requireSameSiteUpgrade(c);
    const thread = await visitorChat(c);
    return upgradeThrough(liveChatRoom(c.env, thread.id), "https://live-chat-room.internal", { [LIVE_CHAT_THREAD_HEADER]: thread.id });
  });
