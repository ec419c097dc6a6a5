import { desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { HISTORY_LIMIT, translateSchema, type ReachableTargets, type TranslateResult, type TranslationRecord } from "~/schemas/translate";
import { translations } from "../db/schema";
import { enforceRateLimit, type RateLimitRule } from "../lib/rate-limit";
import { requireUser } from "../lib/session";
import { readJson } from "../lib/validate";
import { checkPair, translate, translationRouter } from "../services/translation";
import type { AppEnv } from "../types";

export const TRANSLATE_RATE_LIMIT: RateLimitRule = { name: "translate", limit: 60, windowSeconds: 60 };

export const translateApi = new Hono<AppEnv>()
  .post("/", async (c) => {
    const user = requireUser(c);
    await enforceRateLimit(c.var.db, TRANSLATE_RATE_LIMIT, user.id);
    const body = await readJson(c, translateSchema);
    const { source, target } = checkPair(body.source, body.target);
    const result = await translate(translationRouter(c.env), { source, target, text: body.text, model: body.model });
    await c.var.db.insert(translations).values({
      id: crypto.randomUUID(),
      userId: user.id,
      sourceLang: result.detectedSource ?? source,
      targetLang: target,
      detectedLang: result.detectedSource ?? null,
      inputText: body.text,
      outputText: result.output,
      engine: result.engine,
    });
    return c.json(result satisfies TranslateResult);
  })
  // The signed-in user's last 20 translations, newest first.
  .get("/", async (c) => {
    const user = requireUser(c);
    const rows = await c.var.db
      .select()
      .from(translations)
      .where(eq(translations.userId, user.id))
      .orderBy(desc(translations.createdAt), desc(translations.id))
      .limit(HISTORY_LIMIT);
    const records: TranslationRecord[] = rows.map((row) => ({
      id: row.id,
      source: row.sourceLang,
      target: row.targetLang,
      detectedSource: row.detectedLang,
      input: row.inputText,
      output: row.outputText,
      engine: row.engine,
      createdAt: row.createdAt.getTime(),
    }));
    return c.json({ translations: records });
  })
  // Which targets the configured engines reach from a source (the screen marks the others).
  .get("/targets", async (c) => {
    const { source } = checkPair(c.req.query("source"), "en");
    const router = translationRouter(c.env);
    const targets = source === "auto" ? "all" : await router.reachableTargets(source);
    return c.json({ source, targets: targets === "all" ? "all" : [...targets] } satisfies ReachableTargets);
  });
