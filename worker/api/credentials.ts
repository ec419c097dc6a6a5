// /api/auth/email-change: moving the signed-in account to a new address (docs/decisions/0017-credentials-and-codes.md).
// The link it emails is confirmed through /api/auth/verify (type "email_change"), like every emailed link.
import { Hono } from "hono";
import { emailChangeSchema } from "@core/schemas/auth";
import { rateLimit } from "../lib/rate-limit";
import { RATE_LIMITS } from "../lib/rate-limit-rules";
import { requireUser, signedInOnly } from "../lib/permissions";
import { validJson } from "../lib/validate";
import { requestEmailChange, sendEmailChangeCode } from "../services/auth/email-change";
import type { AppEnv } from "../types";

export const credentialsApi = new Hono<AppEnv>()
  // A passwordless account (passkeys only) proves itself with a code sent to its current address.
  .post("/email-change/code", signedInOnly, rateLimit(RATE_LIMITS.credentialsIp), rateLimit(RATE_LIMITS.emailChangeCode), async (c) => {
    await sendEmailChangeCode({ env: c.env, db: c.var.db }, requireUser(c).id);
    return c.json({ ok: true as const });
  })
  .post(
    "/email-change",
    signedInOnly,
    rateLimit(RATE_LIMITS.credentialsIp),
    rateLimit(RATE_LIMITS.emailChange),
    validJson(emailChangeSchema),
    async (c) => {
      const user = requireUser(c);
      const origin = new URL(c.req.url).origin;
      await requestEmailChange({ env: c.env, db: c.var.db }, user.id, c.var.session?.familyId ?? null, c.req.valid("json"), origin);
      return c.json({ ok: true as const });
    },
  );
