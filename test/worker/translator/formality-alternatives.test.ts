// Formality and alternatives (docs/decisions/0020-translator-controls.md): the LLM engine is told the formality for a
// target that has one, and gives alternatives for short inputs; the translator prefers an engine that honours a
// chosen formality, and asks for alternatives only where they make sense. The model is a small server on loopback.
import { describe, expect, inject, it } from "vitest";
import { hasFormality } from "@core/languages/formality";
import { SHORT_INPUT_CHARS } from "@core/schemas/translate";
import { translate, TranslationRouter } from "@worker/services/translation";
import { ApertiumEngine } from "@worker/services/translation/apertium";
import { OpenAiEngine } from "@worker/services/translation/openai";
import { lastTranslationRequestFor, translationRequestsFor } from "../support/translation-model";

const llm = () => new OpenAiEngine({ baseUrl: inject("openAiUrl"), model: "tiny-translator" });

describe("formality", () => {
  it("knows which targets have formal address", () => {
    expect(hasFormality("de")).toBe(true);
    expect(hasFormality("pt-BR")).toBe(true);
    expect(hasFormality("ja")).toBe(true);
    expect(hasFormality("en")).toBe(false);
    expect(hasFormality("en-GB")).toBe(false);
  });

  it("reaches the LLM's prompt for a target with formal address, and only then", async () => {
    const router = new TranslationRouter([llm()]);
    // Each call's own text, to find its request among those of the files running alongside.
    const prompt = async (text: string) => (await lastTranslationRequestFor(text)).body.messages[0]!.content;
    await translate(router, { source: "en", target: "de", text: "How are you? (formal)", formality: "formal" });
    expect(await prompt("How are you? (formal)")).toContain("Address the reader formally throughout");
    await translate(router, { source: "en", target: "fr", text: "How are you? (informal)", formality: "informal" });
    expect(await prompt("How are you? (informal)")).toContain("Address the reader informally throughout");
    await translate(router, { source: "de", target: "en", text: "Wie geht es Ihnen? (formal)", formality: "formal" });
    expect(await prompt("Wie geht es Ihnen? (formal)")).not.toContain("Address the reader");
    await translate(router, { source: "en", target: "de", text: "How are you? (auto)", formality: "auto" });
    expect(await prompt("How are you? (auto)")).not.toContain("Address the reader");
  });

  it.skipIf(!inject("apertiumAvailable"))("prefers the engine that honours it over the first configured one", async () => {
    const router = new TranslationRouter([new ApertiumEngine(inject("apertiumUrl")), llm()]);
    // en → es is Apertium's, unless a formality is chosen.
    expect((await translate(router, { source: "en", target: "es", text: "The house is red." })).engine).toBe("apertium");
    const formal = await translate(router, { source: "en", target: "es", text: "The house is red.", formality: "formal" });
    expect(formal).toMatchObject({ engine: "openai", output: "[translated] The house is red." });
  });
});

describe("alternatives", () => {
  it("asks the LLM for alternatives alongside the translation, and lists the others", async () => {
    const router = new TranslationRouter([llm()]);
    const result = await translate(router, { source: "en", target: "es", text: "Good morning, all", alternatives: 2 });
    expect(result.output).toBe("[translated] Good morning, all");
    expect(result.alternatives).toEqual(["[alternative 1] Good morning, all", "[alternative 2] Good morning, all"]);
    const asked = (await translationRequestsFor("Good morning, all")).find((request) => request.body.messages[0]!.content.includes("JSON array"))!;
    expect(asked.body.messages[0]!.content).toContain("Give 3 different good translations");
    expect(asked.body.temperature).toBeGreaterThan(0);
  });

  it("asks for none for a long text, or when none are wanted", async () => {
    const router = new TranslationRouter([llm()]);
    const longText = "word ".repeat(SHORT_INPUT_CHARS);
    const long = await translate(router, { source: "en", target: "es", text: longText, alternatives: 3 });
    expect(long.alternatives).toBeUndefined();
    const none = await translate(router, { source: "en", target: "es", text: "Hi, no alternatives" });
    expect(none.alternatives).toBeUndefined();
    const sent = [...(await translationRequestsFor(longText)), ...(await translationRequestsFor("Hi, no alternatives"))];
    expect(sent).toHaveLength(2);
    expect(sent.every((request) => !request.body.messages[0]!.content.includes("JSON array"))).toBe(true);
  });

  it.skipIf(!inject("apertiumAvailable"))("gives none from an engine without them (Apertium)", async () => {
    const router = new TranslationRouter([new ApertiumEngine(inject("apertiumUrl"))]);
    const result = await translate(router, { source: "en", target: "es", text: "The house", alternatives: 3 });
    expect(result.alternatives).toBeUndefined();
  });
});
