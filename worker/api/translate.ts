import { Hono } from "hono";
import { translateSchema, type ReachableTargets, type TranslateResult } from "@core/schemas/translate";
import { writeAfterAnswer } from "../lib/d1-session";
import { RATE_LIMITS } from "../lib/rate-limit-rules";
import { requireUser } from "../lib/permissions";
import { identifiedOnly, readSignedIdentity, requireSignedIdentity } from "../lib/session";
import { identityHeadroom, limitLiveSession } from "../lib/session-rate-limit";
import { validJson } from "../lib/validate";
import { checkPair, translate, translationRouter, type TranslationRouter } from "../services/translation";
import { listRecentTranslations, saveTranslation } from "../services/translation/history";
import { userTranslationExtras } from "../services/translation/user-extras";
import type { AppEnv } from "../types";

/** The targets for the screen; an "auto" source may become any language, but only if some engine is configured. */
async function reachableTargets(router: TranslationRouter, source: string) {
  router.requireEngines();
  return source === "auto" ? "all" : router.reachableTargets(source);
}

/**
 * POST /api/translate. Mounted ahead of readSession (see api/index.ts), like the chat stream: the access token's
 * signature and expiry are checked here (no D1), and the session row in the statement that counts the rate limit,
 * so one D1 round trip holds both checks (docs/decisions/0028-the-d1-round-trip-budget.md).
 */
export const translateRequestApi = new Hono<AppEnv>().post("/", readSignedIdentity, identifiedOnly, validJson(translateSchema), async (c) => {
  const identity = requireSignedIdentity(c);
  const body = c.req.valid("json");
  const checked = () => limitLiveSession(c.var.db, RATE_LIMITS.translate, identity);
  // Nothing known about this user's counter here yet, or the limit is near: the verdict comes before the engine
  // is called (only the bounded body's validation runs ahead of it).
  const overlap = identityHeadroom(RATE_LIMITS.translate, identity);
  if (!overlap) await checked();
  const cancel = new AbortController();
  const translated = (async () => {
    const { source, target } = checkPair(body.source, body.target);
    const extras = userTranslationExtras(c.var.db, identity.userId, body);
    const result = await translate(translationRouter(c.env), {
      source,
      target,
      text: body.text,
      model: body.model,
      signal: cancel.signal,
      ...extras,
    });
    return { source, target, result };
  })();
  // Otherwise the limiter's D1 write runs alongside the translation, and an over-limit verdict cancels it. It
  // starts in the same turn as the engine call, so that neither waits for the other (locally D1 runs on the
  // Worker's own thread). An engine call can end in a 429 only when other isolates spent the budget unseen,
  // within the room this isolate believed it had, and only until D1's first answer shows it.
  const counted = overlap
    ? checked().catch((error: unknown) => {
        cancel.abort(error);
        throw error;
      })
    : undefined;
  const [verdict, outcome] = await Promise.allSettled([counted, translated]);
  // Over the limit: a 429 whatever the translation did (and checked first, as before); nothing is answered or saved.
  if (verdict.status === "rejected") throw verdict.reason;
  if (outcome.status === "rejected") throw outcome.reason;
  const { source, target, result } = outcome.value;
  // The history row is written after the answer: the insert is sent to D1 before the response leaves, and D1
  // runs a database's statements in the order it receives them, so the screen's next GET (from the primary: see
  // writeAfterAnswer) already sees it.
  const saved = saveTranslation(c.var.db, identity.userId, { source, target, text: body.text, result });
  c.executionCtx.waitUntil(saved.catch((error: unknown) => console.error("could not save the translation", error)));
  writeAfterAnswer(c.env);
  return c.json(result satisfies TranslateResult);
});

export const translateApi = new Hono<AppEnv>()
  // The signed-in user's latest translations, newest first.
  .get("/", async (c) => {
    const user = requireUser(c);
    return c.json({ translations: await listRecentTranslations(c.var.db, user.id) });
  })
  // Which targets the configured engines reach from a source (the screen marks the others).
  .get("/targets", async (c) => {
    const { source } = checkPair(c.req.query("source"), "en");
    const targets = await reachableTargets(translationRouter(c.env), source);
    return c.json({ source, targets: targets === "all" ? "all" : [...targets] } satisfies ReachableTargets);
  });
