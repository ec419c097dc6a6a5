// GET /api/realtime: the WebSocket to the signed-in user's hub, which pushes conversation and message
// changes to every open tab (docs/product.md#ai-chat).
import { Hono } from "hono";
import { ApiError } from "../lib/errors";
import { requireUser } from "../lib/permissions";
import { userHub } from "../realtime/events";
import { tabUpgradeHeaders } from "../realtime/tabs";
import { HUB_ORIGIN } from "../realtime/user-hub";
import type { AppEnv } from "../types";

export const realtimeApi = new Hono<AppEnv>().get("/", async (c) => {
  const user = requireUser(c);
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket") {
    throw new ApiError(426, "upgrade_required", "This address takes a WebSocket connection.", undefined, { Upgrade: "websocket" });
  }
  // WebSocket handshakes are not subject to CORS: refuse pages of other sites riding on the session cookie.
  const origin = c.req.header("origin");
  if (origin !== undefined && origin !== new URL(c.req.url).origin) {
    throw new ApiError(403, "cross_site_request", "This request came from another site and was refused.");
  }
  // The one request the hub takes over fetch: a WebSocket cannot be handed over by RPC. The tab's session lets the
  // hub confirm it before the first turn (docs/decisions/0028-the-d1-round-trip-budget.md).
  const headers = tabUpgradeHeaders(user.id, c.var.session?.familyId);
  const answer = await userHub(c.env, user.id).fetch(`${HUB_ORIGIN}/connect`, { headers });
  // A copy with mutable headers: the session middleware may add a refreshed cookie to the handshake.
  return new Response(null, { status: answer.status, webSocket: answer.webSocket, headers: answer.headers });
});
