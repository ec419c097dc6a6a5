import { Hono } from "hono";
import { database } from "../db/client";
import { ApiError, errorResponse } from "../lib/errors";
import { rejectCrossSiteWrites } from "../lib/csrf";
import type { AppEnv } from "../types";
import { formsApi } from "./forms";
import { subscriptionsApi } from "./subscriptions";

export const api = new Hono<AppEnv>()
  .use("*", async (c, next) => {
    c.set("db", database(c.env.DB));
    await next();
  })
  .use("*", rejectCrossSiteWrites)
  .route("/subscriptions", subscriptionsApi)
  .route("/forms", formsApi)
  // Mounted with app.route(), a sub-router's notFound never runs: unmatched /api paths would reach the pages.
  .all("*", (c) => errorResponse(c, new ApiError(404, "not_found", "No such API endpoint.")))
  .onError((error, c) => {
    if (error instanceof ApiError) return errorResponse(c, error);
    console.error("API error", c.req.method, c.req.path, error);
    return errorResponse(c, new ApiError(500, "internal_error", "Something went wrong on our side. Please try again."));
  });

export type Api = typeof api;
