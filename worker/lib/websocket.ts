// The checks every WebSocket endpoint makes before handing the upgrade to its Durable Object.
import type { Context } from "hono";
import type { AppEnv } from "../types";
import { ApiError } from "./errors";

/** A 426 for a plain request, and a 403 for another site's page: WebSocket handshakes are not subject to CORS. */
export function requireSameSiteUpgrade(c: Context<AppEnv>) {
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket") {
    throw new ApiError(426, "upgrade_required", "This address takes a WebSocket connection.", undefined, { Upgrade: "websocket" });
  }
  const origin = c.req.header("origin");
  if (origin !== undefined && origin !== new URL(c.req.url).origin) {
    throw new ApiError(403, "cross_site_request", "This request came from another site and was refused.");
  }
}

/**
 * Hands the upgrade to a Durable Object (with `headers` for it to read); the answer is copied so that middleware may
 * still add headers.
 */
export async function upgradeThrough(
  stub: { fetch(input: string, init?: RequestInit): Promise<Response> },
  origin: string,
  headers: Record<string, string> = {},
) {
  const answer = await stub.fetch(`${origin}/connect`, { headers: { ...headers, upgrade: "websocket" } });
  return new Response(null, { status: answer.status, webSocket: answer.webSocket, headers: answer.headers });
}
