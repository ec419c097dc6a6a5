// /api/account: the signed-in user's own history (docs/product.md#account-page) and their data rights:
// export, retention setting, deletion (docs/product.md#privacy). Every route starts with
// requireUser, and every query is filtered by that user's id.
import { Hono, type Context } from "hono";
import { site } from "@core/site";
import {
  accountSettingsSchema,
  deleteAccountSchema,
  type AccountSettings,
  type AiHistoryItem,
  type BlogHistoryItem,
  type HistoryList,
  type TranslationHistoryItem,
} from "@core/schemas/account";
import { ApiError } from "../lib/errors";
import { limitRequest, rateLimit } from "../lib/rate-limit";
import { RATE_LIMITS } from "../lib/rate-limit-rules";
import { requireUser, signedInOnly } from "../lib/permissions";
import { validJson } from "../lib/validate";
import { listAiHistory, listBlogHistory, listTranslationHistory } from "../services/account/history";
import { deleteAccount, exportAccount, findAccount, readSettings, saveRetention } from "../services/account/data";
import { confirmAccountDeletion, sendDeletionCode } from "../services/account/deletion";
import { clearedSessionCookies } from "../services/auth/sessions";
import type { AppEnv } from "../types";
import { sessionsApi } from "./sessions";

type Ctx = Context<AppEnv>;

const SESSION_GONE = new ApiError(401, "not_signed_in", "Not signed in");

/** The signed-in user's row; a session whose account was deleted meanwhile is no session. */
async function currentAccount(c: Ctx) {
  const user = requireUser(c);
  const account = await findAccount(c.var.db, user.id);
  if (!account) throw SESSION_GONE;
  return account;
}

const today = (now = new Date()) => now.toISOString().slice(0, 10);

export const accountApi = new Hono<AppEnv>()
  // Personal data: never kept by a browser or proxy cache.
  .use("*", async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store");
  })

  .route("/sessions", sessionsApi)

  .get("/history/ai", async (c) => {
    const user = requireUser(c);
    return c.json({ items: await listAiHistory(c.var.db, user.id) } satisfies HistoryList<AiHistoryItem>);
  })
  .get("/history/translations", async (c) => {
    const user = requireUser(c);
    return c.json({ items: await listTranslationHistory(c.var.db, user.id) } satisfies HistoryList<TranslationHistoryItem>);
  })
  .get("/history/blog", async (c) => {
    const user = requireUser(c);
    return c.json({ items: await listBlogHistory(c.var.db, user.id) } satisfies HistoryList<BlogHistoryItem>);
  })

  .get("/export", async (c) => {
    const user = requireUser(c);
    await limitRequest(c, RATE_LIMITS.accountExport);
    const data = await exportAccount(c.var.db, user.id);
    if (!data) throw SESSION_GONE;
    return c.body(JSON.stringify(data, null, 2), 200, {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${site.productSlug}-data-${today()}.json"`,
    });
  })

  .get("/settings", async (c) => {
    const user = requireUser(c);
    const settings = await readSettings(c.var.db, user.id);
    if (!settings) throw SESSION_GONE;
    return c.json(settings satisfies AccountSettings);
  })
  .put("/settings", signedInOnly, validJson(accountSettingsSchema), async (c) => {
    const account = await currentAccount(c);
    const input = c.req.valid("json");
    await saveRetention(c.var.db, account.id, input.historyRetentionDays);
    return c.json({ historyRetentionDays: input.historyRetentionDays, hasPassword: Boolean(account.passwordHash) } satisfies AccountSettings);
  })

  // Emails the code that confirms deleting an account without a password.
  .post("/delete/code", async (c) => {
    requireUser(c);
    await limitRequest(c, RATE_LIMITS.accountDeleteCodeIp);
    await limitRequest(c, RATE_LIMITS.accountDeleteCode);
    await sendDeletionCode(c.var.db, c.env, await currentAccount(c));
    return c.json({ ok: true as const });
  })

  .post(
    "/delete",
    signedInOnly,
    rateLimit(RATE_LIMITS.accountDeleteIp),
    rateLimit(RATE_LIMITS.accountDelete),
    validJson(deleteAccountSchema),
    async (c) => {
      const account = await currentAccount(c);
      await confirmAccountDeletion(c.var.db, account, c.req.valid("json"));
      await deleteAccount(c.var.db, account);
      // The refresh tokens went with the account, so every session on every device has ended; the access
      // token still in this browser is rejected from now on (its user is gone). Clear both cookies here,
      // and drop any refreshed cookies readSession would otherwise add after this handler.
      c.var.session?.setCookies.splice(0);
      for (const cookie of clearedSessionCookies(c.req.url)) c.header("Set-Cookie", cookie, { append: true });
      return c.json({ ok: true as const });
    },
  );
