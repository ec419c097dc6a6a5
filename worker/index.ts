import { Hono } from "hono";
import { createRequestHandler } from "react-router";
import { api } from "./api";
import { database } from "./db/client";
import { pruneRateLimits } from "./lib/rate-limit";
import { securityHeaders } from "./lib/security-headers";
import type { AppEnv } from "./types";

export { UserHub } from "./realtime/user-hub";

const handleDocumentRequest = createRequestHandler(() => import("virtual:react-router/server-build"), import.meta.env.MODE);

const app = new Hono<AppEnv>()
  .use("*", securityHeaders)
  .route("/api", api)
  .all("*", (c) =>
    // Hono types the context more loosely than workerd does; at run time it is the Worker's own ExecutionContext.
    handleDocumentRequest(c.req.raw, { cloudflare: { env: c.env, ctx: c.executionCtx as ExecutionContext }, nonce: c.var.nonce }),
  );

export default {
  fetch: app.fetch,
  async scheduled(_controller, env, ctx) {
    ctx.waitUntil(pruneRateLimits(database(env.DB)));
  },
} satisfies ExportedHandler<Env>;
