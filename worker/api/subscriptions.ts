import { Hono } from "hono";
import { subscriptionSchema } from "@core/schemas/subscriptions";
import { requireProof } from "../lib/human-proof";
import { rateLimit } from "../lib/rate-limit";
import { RATE_LIMITS } from "../lib/rate-limit-rules";
import { validJson } from "../lib/validate";
import { subscribe } from "../services/subscriptions/subscriptions";
import type { AppEnv } from "../types";

export const subscriptionsApi = new Hono<AppEnv>().post(
  "/",
  rateLimit(RATE_LIMITS.subscribe),
  requireProof(),
  validJson(subscriptionSchema),
  async (c) => {
    await subscribe(c.var.db, c.req.valid("json"), c.var.session?.session?.user.id ?? null);
    return c.json({ ok: true as const });
  },
);
