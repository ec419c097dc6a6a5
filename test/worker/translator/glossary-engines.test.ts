// Glossaries applied by each engine (docs/decisions/0020-translator-controls.md): the LLM engine gets the terms as hard
// constraints in its prompt (a small OpenAI-compatible server on loopback records it); Apertium, against the real APY
// on loopback, gets placeholders that survive its direct pairs and chains; Workers AI (a fake binding) the same.
import { describe, expect, inject, it } from "vitest";
import { ApertiumEngine } from "@worker/services/translation/apertium";
import { protectTerms, restoreTerms, termsInText, translateWithGlossary } from "@worker/services/translation/glossary/apply";
import { OpenAiEngine } from "@worker/services/translation/openai";
import { WorkersAiEngine } from "@worker/services/translation/workers-ai";
import { lastTranslationRequestFor } from "../support/translation-model";

const glossary = [
  { term: "house", translation: "hogar" },
  { term: "Parley", translation: "Parley™" },
  { term: "red car", translation: "coche escarlata" },
];

describe("finding and protecting terms", () => {
  it("finds whole words and phrases, ignoring case, and not inside other words", () => {
    expect(termsInText(glossary, "The House is big")).toEqual([glossary[0]]);
    expect(termsInText(glossary, "The greenhouse is big")).toEqual([]);
    expect(termsInText(glossary, "Parley's red car, the house")).toEqual(glossary);
    expect(termsInText([], "anything")).toEqual([]);
  });

  it("replaces each occurrence with its entry's placeholder (longest term first) and puts the translations back", () => {
    const entries = [
      { term: "red", translation: "rojo" },
      { term: "red car", translation: "coche escarlata" },
    ];
    const protectedText = protectTerms("A red car and a red door. RED CAR!", entries);
    expect(protectedText).toBe("A ⟦1⟧ and a ⟦0⟧ door. ⟦1⟧!");
    expect(restoreTerms("Un ⟦1⟧ y una puerta ⟦ 0 ⟧. ¡⟦1⟧!", entries)).toBe("Un coche escarlata y una puerta rojo. ¡coche escarlata!");
    // A placeholder the engine lost: null, so that the caller can translate without the glossary.
    expect(restoreTerms("Un ⟦1⟧ y una puerta.", entries)).toBeNull();
  });
});

describe.skipIf(!inject("apertiumAvailable"))("Apertium (real APY on loopback): placeholders survive", () => {
  const apertium = () => new ApertiumEngine(inject("apertiumUrl"));

  it("puts the glossary's translations where the terms were, on a direct pair", async () => {
    const outcome = await translateWithGlossary(apertium(), { text: "The house of Parley is red.", source: "en", target: "es" }, [
      glossary[0]!,
      glossary[1]!,
    ]);
    expect(outcome.output).toBe("El hogar de Parley™ es rojo.");
    expect(outcome.applied).toEqual([glossary[0], glossary[1]]);
    // Without the glossary APY says "casa": the term really changed the output.
    expect(await apertium().translate({ text: "The house of Parley is red.", source: "en", target: "es" })).toContain("casa");
  });

  it("keeps the placeholders through a chain (French → Portuguese through a pivot)", async () => {
    const outcome = await translateWithGlossary(apertium(), { text: "La maison est rouge.", source: "fr", target: "pt" }, [
      { term: "maison", translation: "moradia" },
    ]);
    expect(outcome.output).toMatch(/^A moradia é vermelha\.?$/);
    expect(outcome.applied).toEqual([{ term: "maison", translation: "moradia" }]);
  });

  it("sends APY the placeholders, never the terms (the raw call)", async () => {
    const output = await apertium().translate({ text: protectTerms("The house is red.", [glossary[0]!]), source: "en", target: "es" });
    expect(output).toBe("El ⟦0⟧ es rojo.");
  });
});

describe("the LLM engine: terms as hard constraints", () => {
  it("gives the terms found in the text to the model as hard constraints, and says which the output follows", async () => {
    const engine = new OpenAiEngine({ baseUrl: inject("openAiUrl"), model: "tiny-translator" });
    const outcome = await translateWithGlossary(
      engine,
      { text: "My house is near Parley.", source: "en", target: "es" },
      termsInText(glossary, "My house is near Parley."),
    );
    const sent = await lastTranslationRequestFor("My house is near Parley.");
    const system = sent.body.messages[0]!.content;
    expect(system).toContain("Glossary (hard constraints)");
    expect(system).toContain('- "house" → "hogar"');
    expect(system).toContain('- "Parley" → "Parley™"');
    // Only the terms in the text are sent.
    expect(system).not.toContain("coche escarlata");
    // The user's text itself is sent untouched (no placeholders for a model that follows the prompt).
    expect(sent.body.messages[1]).toEqual({ role: "user", content: "My house is near Parley." });
    expect(outcome.output).toBe("[translated] My hogar is near Parley™.");
    expect(outcome.applied).toEqual([glossary[0], glossary[1]]);
  });
});

describe("Workers AI (fake binding): placeholders", () => {
  it("sends placeholders and puts the translations back; a lost placeholder means a translation without the glossary", async () => {
    const inputs: string[] = [];
    const ai = (answer: (text: string) => string) =>
      new WorkersAiEngine({
        run: async (_model, input) => {
          inputs.push(String(input.text));
          return { translated_text: answer(String(input.text)) };
        },
      });
    const kept = await translateWithGlossary(
      ai((text) => text.replace("is red", "es rojo")),
      { text: "The house is red", source: "en", target: "es" },
      [glossary[0]!],
    );
    expect(inputs.at(-1)).toBe("The ⟦0⟧ is red");
    expect(kept).toEqual({ output: "The hogar es rojo", applied: [glossary[0]] });

    const lost = await translateWithGlossary(
      ai((text) => text.replace(/⟦0⟧/, "").replace("house", "casa")),
      { text: "The house is red", source: "en", target: "es" },
      [glossary[0]!],
    );
    expect(inputs.slice(-2)).toEqual(["The ⟦0⟧ is red", "The house is red"]);
    expect(lost).toEqual({ output: "The casa is red", applied: [] });
  });
});
