import { Hono } from "hono";
import { database } from "../db/client";
import { countBodyBytes } from "../lib/body-limit";
import { ApiError, DomainError, errorResponse, toApiError } from "../lib/errors";
import { rejectCrossSiteWrites } from "../lib/csrf";
import { ownerTwoFactorGate } from "../lib/permissions";
import { readSession } from "../lib/session";
import type { AppEnv } from "../types";
import { accountApi } from "./account";
import { aiApi, aiStreamApi } from "./ai";
import { altchaApi } from "./altcha";
import { authApi } from "./auth";
import { blogApi } from "./blog";
import { conversationBranchesApi } from "./conversation-branches";
import { conversationFeaturesApi } from "./conversation-features";
import { conversationsApi } from "./conversations";
import { formsApi } from "./forms";
import { liveChatApi } from "./live-chat";
import { passkeysApi } from "./passkeys";
import { realtimeApi } from "./realtime";
import { studioAudienceApi } from "./studio/audience";
import { studioModerationApi } from "./studio/moderation";
import { studioPeopleApi } from "./studio/people";
import { studioInboxApi } from "./studio/inbox";
import { subscriptionsApi } from "./subscriptions";
import { temporaryChatApi } from "./temporary-chat";
import { translateApi, translateRequestApi } from "./translate";

export const api = new Hono<AppEnv>()
  // Bodies are only counted here, not read: each route reads its own after its session and rate-limit checks.
  .use("*", countBodyBytes)
  .use("*", async (c, next) => {
    c.set("db", database(c.env.DB));
    await next();
  })
  .use("*", rejectCrossSiteWrites)
  // Ahead of readSession: the streamed answer checks the session in the hub, alongside the model call; a
  // translation in the statement that counts its rate limit (docs/decisions/0028-the-d1-round-trip-budget.md).
  .route("/ai-stream", aiStreamApi)
  .route("/ai-stream/temporary", temporaryChatApi)
  .route("/translate", translateRequestApi)
  .use("*", readSession)
  .route("/auth/passkeys", passkeysApi)
  .use("*", ownerTwoFactorGate)
  .route("/auth", authApi)
  .route("/subscriptions", subscriptionsApi)
  .route("/forms", formsApi)
  .route("/altcha", altchaApi)
  .route("/translate", translateApi)
  .route("/blog", blogApi)
  // /ai, /ai/config and /ai-stream/stop share one router (two path prefixes).
  .route("/", aiApi)
  .route("/conversations", conversationFeaturesApi)
  .route("/conversations", conversationBranchesApi)
  .route("/conversations", conversationsApi)
  .route("/realtime", realtimeApi)
  .route("/account", accountApi)
  .route("/studio/people", studioPeopleApi)
  .route("/studio", studioModerationApi)
  .route("/studio", studioAudienceApi)
  .route("/live-chat", liveChatApi)
  .route("/studio/inbox", studioInboxApi)
  // Mounted with app.route(), a sub-router's notFound never runs: unmatched /api paths would reach the pages.
  .all("*", (c) => errorResponse(c, new ApiError(404, "not_found", "No such API endpoint.")))
  .onError((error, c) => {
    // Services speak in DomainErrors; lib/errors.ts turns each into its status here, in one place.
    if (error instanceof ApiError || error instanceof DomainError) return errorResponse(c, toApiError(error));
    console.error("API error", c.req.method, c.req.path, error);
    return errorResponse(c, new ApiError(500, "internal_error", "Something went wrong on our side. Please try again."));
  });

export type Api = typeof api;
