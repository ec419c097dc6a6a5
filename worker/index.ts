import { Hono } from "hono";
import { createRequestHandler } from "react-router";
import { createLoadContext } from "./load-context";
import { api } from "./api";
import { libreTranslateApi } from "./api/libretranslate";
import { database } from "./db/client";
import { pruneRateLimits } from "./lib/rate-limit";
import { failAbandonedAnswers } from "./services/chat/turns";
import { pruneExpiredConversations, pruneExpiredTranslations } from "./services/account/retention";
import { pruneExpiredInbox } from "./services/inbox/personal-data";
import { pruneOneTimeTokens } from "./services/auth/one-time-tokens";
import { prunePasskeyChallenges } from "./services/auth/passkeys/store";
import { pruneRefreshTokens } from "./services/auth/sessions";
import { pruneDownloads } from "./services/documents/downloads";
import { pruneTwoFactorChallenges } from "./services/auth/two-factor/challenge";
import { hourlyJobs, HOURLY_CRON } from "./services/studio/hourly";
import { pruneSpentProofChallenges } from "./services/bot-protection/proof";
import { cachedPage, isCacheablePageRequest, renderNoncePlaceholder, storePage } from "./lib/page-cache";
import { settleRequestBody } from "./lib/body-limit";
import { rejectCrossSiteWrites } from "./lib/csrf";
import { ApiError } from "./lib/errors";
import { refuseUnreasonablePath } from "./lib/path-guard";
import { securityHeaders } from "./lib/security-headers";
import { answerAfterSessionCheck, sessionCheckOf } from "./lib/session-check";
import { openRequestD1 } from "./lib/d1-session";
import type { AppEnv } from "./types";

export { UserHub } from "./realtime/user-hub";
export { LiveChatRoom } from "./realtime/live-chat-room";
export { StudioPresence } from "./realtime/studio-presence";

/** No answer takes an hour: one still "streaming" by then lost its generation (and its user never came back). */
const ABANDONED_ANSWER_AGE_MS = 60 * 60 * 1000;

const handleDocumentRequest = createRequestHandler(() => import("virtual:react-router/server-build"), import.meta.env.MODE);

const app = new Hono<AppEnv>()
  .use("*", settleRequestBody)
  .use("*", securityHeaders)
  .route("/api", api)
  .route("/lt", libreTranslateApi)
  // Page forms post to React Router actions: the same cross-site check as the API's writes.
  .use("*", rejectCrossSiteWrites)
  .all("*", async (c) => {
    // Hono types the context more loosely than workerd does; at run time it is the Worker's own ExecutionContext.
    const cloudflare = { env: c.env, ctx: c.executionCtx as ExecutionContext };
    if (!isCacheablePageRequest(c.req.raw)) {
      return handleDocumentRequest(c.req.raw, createLoadContext(cloudflare, c.var.nonce, sessionCheckOf(c.req.raw)));
    }
    const cached = cachedPage(c.req.url, c.var.nonce);
    if (cached) return cached;
    const rendered = await handleDocumentRequest(c.req.raw, createLoadContext(cloudflare, renderNoncePlaceholder()));
    return storePage(c.req.url, rendered, c.var.nonce);
  })
  .onError((error) => {
    if (error instanceof ApiError) return error.toResponse();
    throw error;
  });

export default {
  // The path guard runs before Hono and React Router see the request: neither is asked to match a path no route has.
  // D1 is read through one Sessions API session per request, its bookmark carried in a cookie (lib/d1-session.ts);
  // a read's session is confirmed alongside its work, and its answer held until then (lib/session-check.ts).
  async fetch(request: Request, env: Env, ctx: ExecutionContext) {
    const refused = await refuseUnreasonablePath(request);
    if (refused) return refused;
    const d1 = openRequestD1(env, request);
    return d1.carryBookmark(await answerAfterSessionCheck(request, async () => app.fetch(request, d1.env, ctx)));
  },
  // Each cron expression in wrangler.toml runs its own jobs: the hourly one (posts, newsletters, subscriptions) or
  // the daily housekeeping below.
  async scheduled(controller, env, ctx) {
    const db = database(env.DB);
    if (controller.cron === HOURLY_CRON) return ctx.waitUntil(hourlyJobs(db, env, controller.scheduledTime));
    // pruneExpiredConversations and pruneExpiredTranslations enforce each user's history retention setting (the privacy page promises it).
    ctx.waitUntil(
      Promise.all([
        pruneRateLimits(db),
        pruneOneTimeTokens(db),
        pruneRefreshTokens(db),
        prunePasskeyChallenges(db),
        pruneTwoFactorChallenges({ db }),
        pruneDownloads(db),
        pruneSpentProofChallenges(db),
        pruneExpiredConversations(db),
        pruneExpiredTranslations(db),
        pruneExpiredInbox(db),
        failAbandonedAnswers(db, { before: Date.now() - ABANDONED_ANSWER_AGE_MS }),
      ]),
    );
  },
} satisfies ExportedHandler<Env>;
