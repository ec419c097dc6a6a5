// /api/auth/two-factor: two-factor sign-in (docs/product.md#accounts, docs/decisions/0015-two-factor.md). The signed-in
// user's own setup (status, a pending secret, confirm, disable, new backup codes), and the sign-in step that turns a
// challenge and a code into a session. The account page's form action calls the same services.
import { Hono } from "hono";
import {
  twoFactorCodeSchema,
  twoFactorSetupCodeSchema,
  twoFactorVerifySchema,
  type BackupCodes,
  type TwoFactorSetup,
  type TwoFactorStatus,
  type TwoFactorVerified,
} from "@core/schemas/two-factor";
import { enforceRateLimit, rateLimit } from "../lib/rate-limit";
import { RATE_LIMITS } from "../lib/rate-limit-rules";
import { requireUser, signedInOnly } from "../lib/permissions";
import { validJson } from "../lib/validate";
import { sessionClientOf, sessionCookies } from "../services/auth/sessions";
import { challengeAccount, completeTwoFactorChallenge } from "../services/auth/two-factor/challenge";
import {
  beginTwoFactorSetup,
  confirmTwoFactorSetup,
  disableTwoFactor,
  regenerateBackupCodes,
  twoFactorStatus,
} from "../services/auth/two-factor/enrolment";
import { ownerRequiresTwoFactor } from "../services/auth/two-factor/owner-requirement";
import type { AppEnv } from "../types";

const manageLimit = rateLimit(RATE_LIMITS.twoFactorManage);

export const twoFactorApi = new Hono<AppEnv>()
  // The secret and the backup codes: never kept by a browser or proxy cache.
  .use("*", async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store");
  })

  .get("/", async (c) => {
    const user = requireUser(c);
    const status = await twoFactorStatus(c.var.db, user.id);
    return c.json({ ...status, requiredForOwner: user.isOwner && ownerRequiresTwoFactor(c.env) } satisfies TwoFactorStatus);
  })

  .post("/setup", signedInOnly, manageLimit, async (c) => {
    const setup = await beginTwoFactorSetup({ env: c.env, db: c.var.db }, requireUser(c));
    return c.json(setup satisfies TwoFactorSetup);
  })

  .post("/enable", signedInOnly, manageLimit, validJson(twoFactorSetupCodeSchema), async (c) => {
    const codes = await confirmTwoFactorSetup({ env: c.env, db: c.var.db }, requireUser(c).id, c.req.valid("json").code);
    return c.json(codes satisfies BackupCodes);
  })

  .post("/disable", signedInOnly, manageLimit, validJson(twoFactorCodeSchema), async (c) => {
    await disableTwoFactor({ env: c.env, db: c.var.db }, requireUser(c).id, c.req.valid("json").code);
    return c.json({ ok: true as const });
  })

  .post("/backup-codes", signedInOnly, manageLimit, validJson(twoFactorCodeSchema), async (c) => {
    const codes = await regenerateBackupCodes({ env: c.env, db: c.var.db }, requireUser(c).id, c.req.valid("json").code);
    return c.json(codes satisfies BackupCodes);
  })

  // The second sign-in step: per address as the outer bound, then per account (the challenge's), then the code.
  .post("/verify", rateLimit(RATE_LIMITS.twoFactorVerifyIp), validJson(twoFactorVerifySchema), async (c) => {
    const { challenge, code } = c.req.valid("json");
    const deps = { env: c.env, db: c.var.db, client: sessionClientOf(c.req.raw) };
    const account = await challengeAccount(deps, challenge);
    if (account) await enforceRateLimit(c.var.db, RATE_LIMITS.twoFactorVerify, account);
    const { session, purpose } = await completeTwoFactorChallenge(deps, challenge, code);
    for (const cookie of sessionCookies(session, c.req.url)) c.header("Set-Cookie", cookie, { append: true });
    return c.json({ session: session.info, recovery: purpose === "recovery" } satisfies TwoFactorVerified);
  });
