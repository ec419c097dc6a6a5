import { Hono } from "hono";
import { subscriptionSchema } from "@core/schemas/subscriptions";
import { requireProof } from "../lib/human-proof";
import { rateLimit } from "../lib/rate-limit";
import { RATE_LIMITS } from "../lib/rate-limit-rules";
import { validJson } from "../lib/validate";
import { subscribe } from "../services/subscriptions/subscriptions";
import { unsubscribe } from "../services/subscriptions/unsubscribe";
import { InvalidInput } from "../services/errors";
import type { AppEnv } from "../types";

export const subscriptionsApi = new Hono<AppEnv>()
  .post("/", rateLimit(RATE_LIMITS.subscribe), requireProof(), validJson(subscriptionSchema), async (c) => {
    await subscribe(c.var.db, c.req.valid("json"), c.var.session?.session?.user.id ?? null, { env: c.env, origin: new URL(c.req.url).origin });
    return c.json({ ok: true as const });
  })
  // RFC 8058 one-click unsubscribe: a mail client posts "List-Unsubscribe=One-Click" to the List-Unsubscribe
  // address, whose query carries the subscriber and its signature (services/subscriptions/unsubscribe.ts). No
  // sign-in, no cookies; the body is not needed, so none is read. No rate limit: a mail provider posts for many
  // people from few addresses, and a forged link costs one HMAC check and changes nothing.
  .post("/unsubscribe", async (c) => {
    if (!(await unsubscribe(c.var.db, c.env, c.req.query("s") ?? "", c.req.query("sig") ?? ""))) {
      throw new InvalidInput("invalid_link", "This unsubscribe link is not valid.");
    }
    return c.json({ ok: true as const });
  });
