import { Hono } from "hono";
import { subscriptionSchema } from "@core/schemas/subscriptions";
import { subscriptions } from "../db/schema";
import { rateLimit } from "../lib/rate-limit";
import { RATE_LIMITS } from "../lib/rate-limit-rules";
import { validJson } from "../lib/validate";
import type { AppEnv } from "../types";

/** Only same-site paths are recorded as the sign-up page. */
function pagePath(page: string | undefined) {
  return page?.startsWith("/") && !page.startsWith("//") ? page : null;
}

export const subscriptionsApi = new Hono<AppEnv>().post("/", rateLimit(RATE_LIMITS.subscribe), validJson(subscriptionSchema), async (c) => {
  const input = c.req.valid("json");
  // The unique email index makes a repeat (even a concurrent one) a no-op: a duplicate counts as success.
  await c.var.db
    .insert(subscriptions)
    .values({
      id: crypto.randomUUID(),
      email: input.email,
      userId: c.var.session?.session?.user.id ?? null,
      page: pagePath(input.page),
      utm: input.utm?.replace(/^\?/, "") || null,
    })
    .onConflictDoNothing({ target: subscriptions.email });
  return c.json({ ok: true as const });
});
