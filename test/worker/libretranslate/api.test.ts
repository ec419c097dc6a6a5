// The LibreTranslate-compatible API against the behaviour LibreTranslate documents (its app.py and API spec): field
// names, JSON and form bodies, batches, auto-detection with confidence, its error shape and statuses, and the key
// check it runs when keys are required. Translations go to the real Apertium APY on loopback.
import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import worker from "@worker/index";
import { ORIGIN } from "../support/requests";
import { clearOfTheWindowEnd } from "../support/rate-limits";
import { accountWithKey, answer, ltForm, ltJson } from "./support";

const withApertium = it.skipIf(!inject("apertiumAvailable"));

describe("/lt keys", () => {
  it("answers 400 with where to get a key when none is sent, as LibreTranslate does when keys are required", async () => {
    const { status, body } = await answer(await ltJson("/translate", { q: "Hello", source: "en", target: "es" }));
    expect(status).toBe(400);
    expect(body).toEqual({ error: `Visit ${ORIGIN}/account#api-keys to get an API key` });
  });

  it("answers 403 Invalid API key for a key that does not exist (or was revoked)", async () => {
    const { status, body } = await answer(await ltJson("/translate", { q: "Hello", source: "en", target: "es", api_key: "plt_nope" }));
    expect(status).toBe(403);
    expect(body).toEqual({ error: "Invalid API key" });
  });

  it("answers 429 Slowdown once the key's requests per minute are spent, with Retry-After", async () => {
    const { key } = await accountWithKey({ requestsPerMinute: 2 });
    await clearOfTheWindowEnd({ windowSeconds: 60 });
    for (let i = 0; i < 2; i++) expect((await ltJson("/detect", { q: "Bonjour tout le monde", api_key: key })).status).toBe(200);
    const refused = await ltJson("/detect", { q: "Bonjour tout le monde", api_key: key });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ error: "Slowdown: 2 per 1 minute" });
  });

  it("answers 429 once the key's characters per day are spent, and does not charge the refused request", async () => {
    const { key, keyId } = await accountWithKey({ charsPerDay: 1000 });
    await clearOfTheWindowEnd({ windowSeconds: 86_400 });
    expect((await ltJson("/detect", { q: "a".repeat(900), api_key: key })).status).toBe(200);
    const refused = await answer(await ltJson("/detect", { q: "b".repeat(200), api_key: key }));
    expect(refused).toEqual({ status: 429, body: { error: "Slowdown: 1000 characters per 1 day" } });
    const row = await env.DB.prepare("SELECT day_chars, last_used_at FROM api_keys WHERE id = ?")
      .bind(keyId)
      .first<{ day_chars: number; last_used_at: number }>();
    expect(row?.day_chars).toBe(900);
    expect(row?.last_used_at).toBeGreaterThan(0);
    expect((await ltJson("/detect", { q: "c".repeat(100), api_key: key })).status).toBe(200);
  });

  it("lets any origin call it (CORS as LibreTranslate), and never needs a cookie", async () => {
    const preflight = await SELF.fetch(`${ORIGIN}/lt/translate`, {
      method: "OPTIONS",
      headers: { origin: "https://client.example", "access-control-request-method": "POST", "access-control-request-headers": "content-type" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    expect(preflight.headers.get("access-control-allow-methods")).toContain("POST");
    const { key } = await accountWithKey();
    const response = await ltJson("/detect", { q: "Guten Morgen, wie geht es dir heute?", api_key: key }, { "sec-fetch-site": "cross-site" });
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
  });
});

describe("POST /lt/translate", () => {
  withApertium("translates a JSON request: {translatedText}, no detectedLanguage for a given source", async () => {
    const { key } = await accountWithKey();
    const { status, body } = await answer(await ltJson("/translate", { q: "The house is red.", source: "en", target: "es", api_key: key }));
    expect(status).toBe(200);
    expect(body).toEqual({ translatedText: "La casa es roja." });
  });

  withApertium("takes a form body too (as LibreTranslate's own clients send it)", async () => {
    const { key } = await accountWithKey();
    const { status, body } = await answer(
      await ltForm("/translate", { q: "The house is red.\r\nThe dog is big.", source: "en", target: "es", format: "text", api_key: key }),
    );
    expect(status).toBe(200);
    expect(body).toEqual({ translatedText: "La casa es roja.\nEl perro es grande." });
  });

  withApertium("translates a batch: q as an array answers arrays, in order", async () => {
    const { key } = await accountWithKey();
    const q = ["The house is red.", "The dog is big.", "Where is the library?"];
    const { status, body } = await answer<{ translatedText: string[] }>(await ltJson("/translate", { q, source: "en", target: "es", api_key: key }));
    expect(status).toBe(200);
    expect(body.translatedText).toHaveLength(3);
    expect(body.translatedText[0]).toBe("La casa es roja.");
    expect(body.translatedText[1]).toBe("El perro es grande.");
    expect(body.translatedText[2]).toMatch(/biblioteca/);
  });

  withApertium("detects an auto source: detectedLanguage {language, confidence}, one per text in a batch", async () => {
    const { key } = await accountWithKey();
    const text = "¿Dónde está la biblioteca? La casa es roja y el perro es grande.";
    const single = await answer<{ translatedText: string; detectedLanguage: { language: string; confidence: number } }>(
      await ltJson("/translate", { q: text, source: "auto", target: "en", api_key: key }),
    );
    expect(single.status).toBe(200);
    expect(single.body.translatedText).toMatch(/library/i);
    expect(single.body.detectedLanguage.language).toBe("es");
    expect(single.body.detectedLanguage.confidence).toBeGreaterThan(50);
    expect(single.body.detectedLanguage.confidence).toBeLessThanOrEqual(100);
    const batch = await answer<{ detectedLanguage: unknown[] }>(
      await ltJson("/translate", { q: [text, text], source: "auto", target: "en", api_key: key }),
    );
    expect(batch.body.detectedLanguage).toEqual([single.body.detectedLanguage, single.body.detectedLanguage]);
  });

  withApertium("translates only the text of HTML, keeping its markup, and accepts alternatives (none offered here)", async () => {
    const { key } = await accountWithKey();
    const q = '<p class="x">The house is <b>red</b>.</p><script>alert("The dog")</script>';
    const { status, body } = await answer(
      await ltJson("/translate", { q, source: "en", target: "es", format: "html", alternatives: 2, api_key: key }),
    );
    expect(status).toBe(200);
    expect(body.translatedText).toMatch(/^<p class="x">.*casa.*<b>.*<\/b>.*<\/p><script>alert\("The dog"\)<\/script>$/);
    expect(body.alternatives).toEqual([]);
  });

  it("answers alternatives from an engine that offers them (the LLM engine, on loopback), for one short plain text", async () => {
    const { key } = await accountWithKey();
    const llmOnly = { ...env, TRANSLATION_ENGINES: "openai", OPENAI_BASE_URL: inject("openAiUrl"), OPENAI_TRANSLATION_MODEL: "tiny-translator" };
    const ask = async (fields: Record<string, unknown>) => {
      const ctx = createExecutionContext();
      const response = await worker.fetch(
        new Request(`${ORIGIN}/lt/translate`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ ...fields, api_key: key }),
        }),
        llmOnly as typeof env,
        ctx,
      );
      await waitOnExecutionContext(ctx);
      return answer(response);
    };
    const single = await ask({ q: "Good morning", source: "en", target: "es", alternatives: 2 });
    expect(single).toEqual({
      status: 200,
      body: { translatedText: "[translated] Good morning", alternatives: ["[alternative 1] Good morning", "[alternative 2] Good morning"] },
    });
    // A batch has one list per text, empty: the engine is asked once per batch, not once per text.
    const batch = await ask({ q: ["Good morning", "Good night"], source: "en", target: "es", alternatives: 2 });
    expect(batch.body.alternatives).toEqual([[], []]);
    const none = await ask({ q: "Good morning", source: "en", target: "es" });
    expect(none.body).toEqual({ translatedText: "[translated] Good morning" });
  });

  it.each([
    [{ source: "en", target: "es" }, "Invalid request: missing q parameter"],
    [{ q: "Hi", target: "es" }, "Invalid request: missing source parameter"],
    [{ q: "Hi", source: "en" }, "Invalid request: missing target parameter"],
    [{ q: "Hi", source: "en", target: "es", alternatives: "many" }, "Invalid request: alternatives parameter is not a number"],
    [{ q: "Hi", source: "en", target: "es", alternatives: 9 }, "Invalid request: alternatives parameter must be <= 3"],
    [{ q: "x".repeat(5001), source: "en", target: "es" }, "Invalid request: request (5001) exceeds text limit (5000)"],
    [{ q: Array(101).fill("x"), source: "en", target: "es" }, "Invalid request: request (101) exceeds text limit (100)"],
    [{ q: "Hi", source: "xx", target: "es" }, "xx is not supported"],
    [{ q: "Hi", source: "en", target: "auto" }, "auto is not supported"],
    [{ q: "Hi", source: "en", target: "es", format: "pdf" }, "pdf format is not supported"],
  ])("answers 400 {error} in LibreTranslate's words: %#", async (fields, message) => {
    const { key } = await accountWithKey();
    expect(await answer(await ltJson("/translate", { ...fields, api_key: key }))).toEqual({ status: 400, body: { error: message } });
  });

  it("answers 400 Invalid JSON format for JSON that is not an object", async () => {
    expect(await answer(await ltJson("/translate", ["q"]))).toEqual({ status: 400, body: { error: "Invalid JSON format" } });
  });

  withApertium("names a pair no engine has the way LibreTranslate does", async () => {
    const { key } = await accountWithKey();
    const { status, body } = await answer(await ltJson("/translate", { q: "Hello", source: "en", target: "ja", api_key: key }));
    expect(status).toBe(400);
    expect(body).toEqual({ error: "Japanese (ja) is not available as a target language from English (en)" });
  });
});

describe("POST /lt/detect", () => {
  it("answers the likeliest languages, best first, with confidence 0–100", async () => {
    const { key } = await accountWithKey();
    const { status, body } = await answer<{ language: string; confidence: number }[]>(
      await ltForm("/detect", { q: "Ceci est un texte écrit en français, sans aucun doute.", api_key: key }),
    );
    expect(status).toBe(200);
    expect(body[0]?.language).toBe("fr");
    expect(body[0]?.confidence).toBeGreaterThan(50);
    for (const candidate of body) expect(candidate.confidence).toBeLessThanOrEqual(body[0]!.confidence);
  });

  it("answers 400 without q", async () => {
    const { key } = await accountWithKey();
    expect(await answer(await ltJson("/detect", { api_key: key }))).toEqual({ status: 400, body: { error: "Invalid request: missing q parameter" } });
  });
});

describe("GET /lt/languages and /lt/frontend/settings", () => {
  withApertium("lists {code, name, targets} for the languages the engines translate from, without a key", async () => {
    const response = await SELF.fetch(`${ORIGIN}/lt/languages`);
    expect(response.status).toBe(200);
    const list = (await response.json()) as { code: string; name: string; targets: string[] }[];
    const english = list.find((language) => language.code === "en");
    expect(english).toMatchObject({ name: "English" });
    expect(english?.targets).toContain("es");
    expect(list.every((language) => language.targets.length > 0)).toBe(true);
  });

  it("states the server's settings: keys required, limits, file formats", async () => {
    const response = await SELF.fetch(`${ORIGIN}/lt/frontend/settings`);
    expect(await response.json()).toEqual({
      charLimit: 5000,
      frontendTimeout: 500,
      apiKeys: true,
      keyRequired: true,
      suggestions: false,
      filesTranslation: true,
      supportedFilesFormat: [".txt", ".md", ".srt", ".vtt", ".html"],
      language: { source: { code: "auto", name: "Auto Detect" }, target: { code: "en", name: "English" } },
    });
  });

  it("answers other paths with a 404 in the same shape", async () => {
    expect(await answer(await SELF.fetch(`${ORIGIN}/lt/suggest`))).toEqual({ status: 404, body: { error: "Not Found" } });
  });
});
