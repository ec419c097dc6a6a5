// The translator with no engine to use, against the real Worker and D1: an env without any configured engine, and
// one whose only engine does not answer. Needs no Apertium: it checks what the server says when there is none.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { UNSUPPORTED_SELECTION } from "@core/languages";
import { TRANSLATION_NOT_CONFIGURED } from "@core/schemas/translate";
import worker from "../../../worker/index";
import { TranslationRouter } from "../../../worker/services/translation";
import { EngineError, TranslationNotConfiguredError, type EngineId, type TranslationEngine } from "../../../worker/services/translation/types";
import { signedInAccount, signedInRequest } from "../support/auth";

type ErrorBody = { error: { code: string; message: string } };

/** Nothing configured: every engine is listed, but Apertium has no URL, there is no AI binding and no OpenAI model. */
const noEngine = { ...env, TRANSLATION_ENGINES: "", APERTIUM_URL: "", AI: undefined, OPENAI_TRANSLATION_MODEL: "" } as unknown as typeof env;
/** Apertium configured at a loopback port where nothing listens. */
const engineDown = { ...noEngine, TRANSLATION_ENGINES: "apertium", APERTIUM_URL: "http://127.0.0.1:9" } as typeof env;

async function call(serverEnv: typeof env, cookies: Record<string, string>, path: string, body?: unknown) {
  const ctx = createExecutionContext();
  const request = signedInRequest(body === undefined ? "GET" : "POST", path, cookies, body);
  const response = await worker.fetch(request, serverEnv, ctx);
  await waitOnExecutionContext(ctx);
  return { status: response.status, body: (await response.json()) as ErrorBody };
}

describe("the translator with no engine configured", () => {
  it("answers 503 translation_not_configured with instructions, for any pair and an auto source, and saves nothing", async () => {
    const { cookies, body: account } = await signedInAccount();
    for (const input of [
      { source: "en", target: "es", text: "The house is red." },
      { source: "en", target: "ja", text: "Hello" },
      { source: "auto", target: "en", text: "The weather is lovely today and the house is red." },
    ]) {
      const { status, body } = await call(noEngine, cookies, "/api/translate", input);
      expect(status).toBe(503);
      expect(body.error.code).toBe(TRANSLATION_NOT_CONFIGURED);
      expect(body.error.message).toBe(new TranslationNotConfiguredError().message);
      expect(body.error.message).not.toContain(UNSUPPORTED_SELECTION);
    }
    expect(new TranslationNotConfiguredError().message).toMatch(
      /No translation engine is configured.*APERTIUM_URL.*OPENAI_TRANSLATION_MODEL.*TRANSLATION_ENGINES/,
    );
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM translations WHERE user_id = ?")
      .bind(account.session.user.id)
      .first<{ n: number }>();
    expect(rows!.n).toBe(0);
  });

  it("says so on the screen's first request too: GET /api/translate/targets, for a language and for auto", async () => {
    for (const source of ["en", "auto"]) {
      const { status, body } = await call(noEngine, {}, `/api/translate/targets?source=${source}`);
      expect(status).toBe(503);
      expect(body.error.code).toBe(TRANSLATION_NOT_CONFIGURED);
    }
  });

  it("still checks the request first: a bad language code is a 400, not the 503", async () => {
    const { cookies } = await signedInAccount();
    const { status, body } = await call(noEngine, cookies, "/api/translate", { source: "xx", target: "es", text: "Hi" });
    expect(status).toBe(400);
    expect(body.error.message).toBe("Invalid language code: xx");
  });
});

describe("the translator when no configured engine answers", () => {
  it("answers 503 translation_not_configured naming the engine that did not answer, never Unsupported language selection", async () => {
    const { cookies } = await signedInAccount();
    const translated = await call(engineDown, cookies, "/api/translate", { source: "en", target: "es", text: "The house is red." });
    expect(translated.status).toBe(503);
    expect(translated.body.error).toEqual({ code: TRANSLATION_NOT_CONFIGURED, message: new TranslationNotConfiguredError(["apertium"]).message });
    expect(translated.body.error.message).toMatch(/^No translation engine is answering on this server \(tried: apertium\)\./);
    const targets = await call(engineDown, {}, "/api/translate/targets?source=en");
    expect(targets.status).toBe(503);
    expect(targets.body.error.code).toBe(TRANSLATION_NOT_CONFIGURED);
  });
});

describe("the router: refused pairs and unavailable engines", () => {
  const engine = (id: EngineId, supports: () => Promise<boolean>): TranslationEngine => ({
    id,
    supports,
    reachableTargets: async () => Promise.reject(new EngineError(id, "down")),
    translate: async ({ text }) => text,
  });
  const down = (id: EngineId) => engine(id, async () => Promise.reject(new EngineError(id, "down")));

  it("has nothing to pick from without engines, or when every engine fails", async () => {
    await expect(new TranslationRouter([]).pick("en", "es")).rejects.toBeInstanceOf(TranslationNotConfiguredError);
    await expect(new TranslationRouter([]).reachableTargets("en")).rejects.toBeInstanceOf(TranslationNotConfiguredError);
    const failure = await new TranslationRouter([down("apertium"), down("openai")]).pick("en", "es").catch((error: unknown) => error);
    expect((failure as TranslationNotConfiguredError).unreachable).toEqual(["apertium", "openai"]);
    await expect(new TranslationRouter([down("apertium")]).reachableTargets("en")).rejects.toBeInstanceOf(TranslationNotConfiguredError);
  });

  it("reports an unsupported pair (null) when an engine answered no, even if another is down", async () => {
    expect(await new TranslationRouter([down("apertium"), engine("workers-ai", async () => false)]).pick("en", "haw")).toBeNull();
  });
});
