// The translation engines: Apertium against a real APY on loopback, the OpenAI-compatible adapter against a
// small OpenAI-compatible server, Workers AI against a fake AI binding, and the router's choice.
import { describe, expect, inject, it } from "vitest";
import { ApertiumEngine, toApertiumCode } from "@worker/services/translation/apertium";
import { OpenAiEngine } from "@worker/services/translation/openai";
import { configuredEngines, engineOrder, TranslationRouter } from "@worker/services/translation/router";
import { EngineError, type EngineId, type TranslationEngine } from "@worker/services/translation/types";
import { WORKERS_AI_MODELS } from "@worker/services/ai/models";
import { toM2m100Code, WorkersAiEngine } from "@worker/services/translation/workers-ai";
import { lastTranslationRequestFor } from "../support/translation-model";

const apertium = () => new ApertiumEngine(inject("apertiumUrl"));

describe.skipIf(!inject("apertiumAvailable"))("Apertium (real APY on loopback)", () => {
  it("maps catalogue codes to ISO 639-3", () => {
    expect(toApertiumCode("en")).toBe("eng");
    expect(toApertiumCode("es-419")).toBe("spa");
    expect(toApertiumCode("pt-BR")).toBe("por");
    expect(toApertiumCode("ast")).toBe("ast");
    expect(toApertiumCode("nb")).toBe("nob");
  });

  it("translates a direct pair (English → Spanish) without unknown-word marks", async () => {
    const engine = apertium();
    expect(await engine.route("en", "es")).toEqual(["eng", "spa"]);
    const output = await engine.translate({ text: "The house is red. Where is the library?", source: "en", target: "es" });
    expect(output).toBe("La casa es roja. Dónde es la biblioteca?");
    // Unknown words come back unmarked (markUnknown=no) and plain text stays plain (format=txt).
    const unknown = await engine.translate({ text: "The zorblax is <b>red</b>", source: "en", target: "es" });
    expect(unknown).not.toContain("*");
    expect(unknown).toContain("zorblax");
    expect(unknown).toContain("<b>");
  });

  it("translates a chained pair through /translateChain (French → Portuguese through a pivot)", async () => {
    const engine = apertium();
    const path = await engine.route("fr", "pt");
    expect(path).toHaveLength(3); // no fra-por package: a pivot such as Spanish or Catalan
    expect([path![0], path![2]]).toEqual(["fra", "por"]);
    expect(await engine.supports("fr", "pt")).toBe(true);
    const output = await engine.translate({ text: "La maison est rouge.", source: "fr", target: "pt" });
    expect(output).toMatch(/^A casa é vermelha\.?$/);
  });

  it("prefers a variant mode for a regional target (Spanish → Brazilian Portuguese)", async () => {
    expect(await apertium().route("es", "pt-BR")).toEqual(["spa", "por_BR"]);
  });

  it("says an unsupported pair is unsupported, and refuses to translate it", async () => {
    const engine = apertium();
    expect(await engine.supports("en", "ja")).toBe(false);
    expect(await engine.supports("en", "en-GB")).toBe(false);
    await expect(engine.translate({ text: "Hello", source: "en", target: "ja" })).rejects.toBeInstanceOf(EngineError);
  });

  it("lists the targets reachable from a source, directly or through chains", async () => {
    const targets = await apertium().reachableTargets("en");
    expect(targets).toContain("es");
    expect(targets).toContain("ca");
    expect(targets).toContain("pt"); // eng → spa → por
    expect(targets).not.toContain("ja");
    expect(targets).not.toContain("en");
  });

  it("reports a server that is not APY as an engine error", async () => {
    const engine = new ApertiumEngine(inject("openAiUrl"));
    await expect(engine.supports("en", "es")).rejects.toThrow("Apertium answered 404");
  });
});

describe("OpenAI-compatible (small server on loopback)", () => {
  it("sends temperature 0, the model, the key and a translation-only prompt", async () => {
    const engine = new OpenAiEngine({ baseUrl: inject("openAiUrl"), apiKey: "sk-test", model: "tiny-translator" });
    expect(await engine.supports("en", "ja")).toBe(true);
    expect(await engine.supports("haw", "szl")).toBe(true);
    expect(await engine.translate({ text: "Good morning, engine", source: "en", target: "ja" })).toBe("[translated] Good morning, engine");
    const last = await lastTranslationRequestFor("Good morning, engine");
    expect(last.path).toBe("/v1/chat/completions");
    expect(last.authorization).toBe("Bearer sk-test");
    expect(last.body).toMatchObject({ model: "tiny-translator", temperature: 0, stream: false });
    const messages = last.body.messages;
    expect(messages[0]!.role).toBe("system");
    expect(messages[0]!.content).toContain("from English (en) into Japanese (ja)");
    expect(messages[0]!.content).toContain("Reply with the translation only");
    expect(messages[1]).toEqual({ role: "user", content: "Good morning, engine" });
  });

  it("strips a reasoning block and sends no key when none is configured", async () => {
    const engine = new OpenAiEngine({ baseUrl: `${inject("openAiUrl")}/`, model: "thinking-model" });
    expect(await engine.translate({ text: "Hola, motor", source: "es", target: "en" })).toBe("[translated] Hola, motor");
    expect((await lastTranslationRequestFor("Hola, motor")).authorization).toBeNull();
  });

  it("turns a server error into an engine error with its message", async () => {
    const engine = new OpenAiEngine({ baseUrl: inject("openAiUrl"), model: "broken-model" });
    await expect(engine.translate({ text: "Hi", source: "en", target: "fr" })).rejects.toThrow("The translation model answered 500: model crashed");
  });
});

describe("Workers AI (fake AI binding)", () => {
  function fakeAi(answer: unknown = { translated_text: "Hola" }) {
    const calls: { model: string; input: Record<string, unknown> }[] = [];
    const run = async (model: string, input: Record<string, unknown>) => {
      calls.push({ model, input });
      return answer;
    };
    return { calls, binding: { run } };
  }

  it("calls m2m100-1.2b with exactly { text, source_lang, target_lang }", async () => {
    const ai = fakeAi();
    const engine = new WorkersAiEngine(ai.binding);
    expect(await engine.translate({ text: "Hello", source: "en", target: "es" })).toBe("Hola");
    expect(ai.calls).toEqual([{ model: "@cf/meta/m2m100-1.2b", input: { text: "Hello", source_lang: "en", target_lang: "es" } }]);
    expect(WORKERS_AI_MODELS.translation).toBe("@cf/meta/m2m100-1.2b");
  });

  it("maps Chinese, Norwegian and Filipino to the model's codes and knows what it lacks", async () => {
    expect(toM2m100Code("zh-CN")).toBe("zh");
    expect(toM2m100Code("zh-TW")).toBe("zh");
    expect(toM2m100Code("nb")).toBe("no");
    expect(toM2m100Code("fil")).toBe("tl");
    expect(toM2m100Code("haw")).toBeNull();
    const engine = new WorkersAiEngine(fakeAi().binding);
    expect(await engine.supports("de", "ja")).toBe(true);
    expect(await engine.supports("en", "haw")).toBe(false);
  });

  it("turns a binding failure or an odd answer into an engine error", async () => {
    const failing = new WorkersAiEngine({ run: async () => Promise.reject(new Error("quota")) });
    await expect(failing.translate({ text: "x", source: "en", target: "de" })).rejects.toThrow("Workers AI failed: quota");
    await expect(new WorkersAiEngine(fakeAi({}).binding).translate({ text: "x", source: "en", target: "de" })).rejects.toBeInstanceOf(EngineError);
  });
});

describe("router", () => {
  const fake = (id: EngineId, pairs: string[]): TranslationEngine => ({
    id,
    supports: async (source, target) => pairs.includes(`${source}>${target}`),
    reachableTargets: async (source) => pairs.filter((pair) => pair.startsWith(`${source}>`)).map((pair) => pair.split(">")[1]!),
    translate: async ({ text }) => `${id}:${text}`,
  });

  it("picks the first engine, in order, that supports the pair", async () => {
    const router = new TranslationRouter([
      fake("apertium", ["en>es"]),
      fake("workers-ai", ["en>es", "en>de"]),
      fake("openai", ["en>es", "en>de", "en>haw"]),
    ]);
    expect((await router.pick("en", "es"))?.id).toBe("apertium");
    expect((await router.pick("en", "de"))?.id).toBe("workers-ai");
    expect((await router.pick("en", "haw"))?.id).toBe("openai");
    expect(await router.pick("en", "xx")).toBeNull();
    expect(new Set(await router.reachableTargets("en"))).toEqual(new Set(["es", "de", "haw"]));
  });

  it("skips an engine that cannot answer", async () => {
    const down: TranslationEngine = { ...fake("apertium", []), supports: async () => Promise.reject(new EngineError("apertium", "down")) };
    expect((await new TranslationRouter([down, fake("openai", ["en>es"])]).pick("en", "es"))?.id).toBe("openai");
  });

  it("reads the order and only configured engines from the environment", () => {
    expect(engineOrder(undefined)).toEqual(["apertium", "workers-ai", "openai"]);
    expect(engineOrder(" openai , apertium,bogus")).toEqual(["openai", "apertium"]);
    const ids = (config: Parameters<typeof configuredEngines>[0]) => configuredEngines(config).map((engine) => engine.id);
    expect(ids({ TRANSLATION_ENGINES: "apertium,workers-ai,openai" })).toEqual([]);
    expect(ids({ APERTIUM_URL: "http://127.0.0.1:1", AI: {}, OPENAI_BASE_URL: "http://x/v1", OPENAI_TRANSLATION_MODEL: "m" })).toEqual([
      "apertium",
      "workers-ai",
      "openai",
    ]);
    expect(
      ids({
        TRANSLATION_ENGINES: "openai,apertium",
        APERTIUM_URL: "http://127.0.0.1:1",
        OPENAI_BASE_URL: "http://x/v1",
        OPENAI_TRANSLATION_MODEL: "m",
      }),
    ).toEqual(["openai", "apertium"]);
    expect(ids({ OPENAI_BASE_URL: "http://x/v1" })).toEqual([]);
  });
});
