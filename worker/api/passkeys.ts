// /api/auth/passkeys (docs/decisions/0016-passkeys.md): registering, listing, renaming and removing the signed-in
// user's passkeys, and signing in with one. Each route is its rate limit and validation, then one service call.
import { type Context, Hono } from "hono";
import { passkeyRegistrationSchema, passkeyRenameSchema, passkeySignInSchema } from "@core/schemas/passkeys";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { requireUser, signedInOnly } from "../lib/permissions";
import { rateLimit } from "../lib/rate-limit";
import { RATE_LIMITS } from "../lib/rate-limit-rules";
import { validJson } from "../lib/validate";
import { startUserSession } from "../services/auth/accounts";
import {
  authenticationOptions,
  registerPasskey,
  registrationOptions,
  relyingPartyOf,
  verifyPasskeySignIn,
} from "../services/auth/passkeys/ceremonies";
import { listPasskeys, removePasskey, renamePasskey } from "../services/auth/passkeys/store";
import { sessionClientOf, sessionCookies } from "../services/auth/sessions";
import type { AppEnv } from "../types";

const relyingParty = (c: Context<AppEnv>) => relyingPartyOf(c.req.url);

export const passkeysApi = new Hono<AppEnv>()
  .get("/", signedInOnly, rateLimit(RATE_LIMITS.passkeyManage), async (c) => c.json({ passkeys: await listPasskeys(c.var.db, requireUser(c).id) }))

  .post("/registration/options", signedInOnly, rateLimit(RATE_LIMITS.passkeyRegister), async (c) =>
    c.json({ options: await registrationOptions(c.var.db, requireUser(c), relyingParty(c)) }),
  )

  .post("/registration/verify", signedInOnly, rateLimit(RATE_LIMITS.passkeyRegister), validJson(passkeyRegistrationSchema), async (c) => {
    const input = c.req.valid("json");
    const response = input.response as unknown as RegistrationResponseJSON;
    const passkey = await registerPasskey(c.var.db, requireUser(c), relyingParty(c), { response, name: input.name });
    return c.json({ passkey });
  })

  .post("/authentication/options", rateLimit(RATE_LIMITS.passkeySignInOptionsIp), async (c) =>
    c.json({ options: await authenticationOptions(c.var.db, relyingParty(c)) }),
  )

  .post("/authentication/verify", rateLimit(RATE_LIMITS.passkeySignInIp), validJson(passkeySignInSchema), async (c) => {
    const response = c.req.valid("json").response as unknown as AuthenticationResponseJSON;
    const userId = await verifyPasskeySignIn(c.var.db, relyingParty(c), response);
    // The same session, cookies and answer as a password sign-in (POST /api/auth/token).
    const session = await startUserSession({ env: c.env, db: c.var.db, client: sessionClientOf(c.req.raw) }, userId);
    for (const cookie of sessionCookies(session, c.req.url)) c.header("Set-Cookie", cookie, { append: true });
    return c.json({ session: session.info });
  })

  .patch("/:id", signedInOnly, rateLimit(RATE_LIMITS.passkeyManage), validJson(passkeyRenameSchema), async (c) =>
    c.json({ passkey: await renamePasskey(c.var.db, requireUser(c).id, c.req.param("id"), c.req.valid("json").name) }),
  )

  .delete("/:id", signedInOnly, rateLimit(RATE_LIMITS.passkeyManage), async (c) =>
    c.json(await removePasskey(c.var.db, requireUser(c).id, c.req.param("id"))),
  );
