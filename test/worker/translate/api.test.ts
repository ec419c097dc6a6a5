// POST /api/translate and the history, against the real Worker, D1 and a real Apertium APY on loopback.
import { env, SELF } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import { RATE_LIMITS } from "@worker/lib/rate-limit-rules";
import { signedInAccount, getWithCookies, sendWithCookies } from "../support/auth";
import { ORIGIN, postJson } from "../support/requests";
import { fillWindow } from "../support/rate-limits";

type ErrorBody = { error: { code: string; message: string } };

/** Tests that need a real translation (or Apertium's answer about a pair); skipped when APY is not installed. */
const withApertium = it.skipIf(!inject("apertiumAvailable"));

async function translate(cookies: Record<string, string>, body: unknown) {
  const response = await sendWithCookies("POST", "/api/translate", cookies, body);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> & ErrorBody };
}

describe("POST /api/translate", () => {
  it("answers 401 Not signed in without a session", async () => {
    const response = await postJson("/api/translate", { source: "en", target: "es", text: "Hello" });
    expect(response.status).toBe(401);
    expect(((await response.json()) as ErrorBody).error.message).toBe("Not signed in");
    const history = await SELF.fetch(`${ORIGIN}/api/translate`);
    expect(history.status).toBe(401);
  });

  withApertium("translates English → Spanish through Apertium and saves the row", async () => {
    const { cookies, body: account } = await signedInAccount();
    const { status, body } = await translate(cookies, { source: "EN", target: "es", text: "The house is red." });
    expect(status).toBe(200);
    expect(body).toEqual({ output: "La casa es roja.", source: "en", target: "es", engine: "apertium" });
    const row = await env.DB.prepare("SELECT * FROM translations WHERE user_id = ?").bind(account.session.user.id).first<Record<string, unknown>>();
    expect(row).toMatchObject({
      source_lang: "en",
      target_lang: "es",
      detected_lang: null,
      input_text: "The house is red.",
      output_text: "La casa es roja.",
      engine: "apertium",
    });
  });

  withApertium("accepts the bearer token too, and chains pairs without a direct package", async () => {
    const { body: account, cookies } = await signedInAccount();
    const token = cookies[Object.keys(cookies).find((name) => /access/i.test(name))!]!;
    const response = await SELF.fetch(`${ORIGIN}/api/translate`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ source: "fr", target: "pt", text: "La maison est rouge." }),
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { output: string }).output).toMatch(/^A casa é vermelha/);
    expect(account.session.user.id).toBeTruthy();
  });

  withApertium("detects an auto source, answers it and saves the detected language", async () => {
    const { cookies, body: account } = await signedInAccount();
    const { status, body } = await translate(cookies, {
      source: "auto",
      target: "en",
      text: "¿Dónde está la biblioteca? La casa es roja y el perro es grande.",
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ source: "auto", target: "en", detectedSource: "es", engine: "apertium" });
    expect(body.output).toMatch(/library/i);
    const row = await env.DB.prepare("SELECT source_lang, detected_lang FROM translations WHERE user_id = ?").bind(account.session.user.id).first();
    expect(row).toEqual({ source_lang: "es", detected_lang: "es" });
  });

  it.each([
    [{ target: "es", text: "Hi" }, "Language code is required"],
    [{ source: "  ", target: "es", text: "Hi" }, "Language code is required"],
    [{ source: "en", text: "Hi" }, "Target language is required"],
    [{ source: "en", target: "", text: "Hi" }, "Target language is required"],
    [{ source: "e$", target: "es", text: "Hi" }, "Invalid language code: e$"],
    [{ source: "en", target: "xx", text: "Hi" }, "Invalid language code: xx"],
    [{ source: "en", target: "auto", text: "Hi" }, "Invalid language code: auto"],
    [{ source: "abc", target: "es", text: "Hi" }, "Unsupported language code: abc"],
    [{ source: "es", target: "es", text: "Hola" }, "Unsupported language selection"],
    [{ source: "en", target: "es", text: "   " }, "Please enter some text to translate."],
    [{ source: "en", target: "es" }, "Please enter some text to translate."],
  ])("rejects %j with %j", async (input, message) => {
    const { cookies } = await sharedAccount();
    const { status, body } = await translate(cookies, input);
    expect(status).toBe(400);
    expect(body.error.message).toBe(message);
  });

  withApertium.each([
    [{ source: "en", target: "ja", text: "Hi" }, "Unsupported language selection"],
    [{ source: "en", target: "en-GB", text: "Hi" }, "Unsupported language selection"],
  ])("rejects %j, a pair Apertium lacks, with %j", async (input, message) => {
    const { cookies } = await sharedAccount();
    const { status, body } = await translate(cookies, input);
    expect(status).toBe(400);
    expect(body.error.message).toBe(message);
  });

  withApertium("enforces the 5,000-character limit with a clear message", async () => {
    const { cookies } = await sharedAccount();
    const tooLong = await translate(cookies, { source: "en", target: "es", text: "a".repeat(5001) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.message).toBe("Text is too long: translate at most 5,000 characters at a time.");
    const atLimit = await translate(cookies, { source: "en", target: "es", text: `${"house ".repeat(833)}ab` });
    expect(atLimit.status).toBe(200);
  });

  it("rate-limits per user", async () => {
    const { cookies, body: account } = await signedInAccount();
    await fillWindow(RATE_LIMITS.translate, account.session.user.id);
    const { status, body } = await translate(cookies, { source: "en", target: "es", text: "Hello" });
    expect(status).toBe(429);
    expect(body.error.code).toBe("rate_limited");
  });

  withApertium("still answers 429, and saves nothing, when other isolates used up the limit this one thought had room", async () => {
    const { cookies, body: account } = await signedInAccount();
    const userId = account.session.user.id;
    // The first translation teaches this isolate that the counter is at 1, so the next one overlaps its count.
    expect((await translate(cookies, { source: "en", target: "es", text: "The house" })).status).toBe(200);
    // Elsewhere the limit is spent.
    await fillWindow(RATE_LIMITS.translate, userId);
    const { status, body } = await translate(cookies, { source: "en", target: "es", text: "The red car" });
    expect(status).toBe(429);
    expect(body.error.code).toBe("rate_limited");
    const rows = await env.DB.prepare("SELECT input_text FROM translations WHERE user_id = ?").bind(userId).all<{ input_text: string }>();
    expect(rows.results.map((row) => row.input_text)).toEqual(["The house"]);
  });
});

let shared: ReturnType<typeof signedInAccount> | undefined;
const sharedAccount = () => (shared ??= signedInAccount());

describe("GET /api/translate (history)", () => {
  it("returns the user's last 20, newest first, and never another user's rows", async () => {
    const a = await signedInAccount();
    const b = await signedInAccount();
    const ids = [a.body.session.user.id, b.body.session.user.id];
    // 22 rows for A with increasing times, one for B.
    const statements = Array.from({ length: 22 }, (_, index) =>
      env.DB.prepare(
        "INSERT INTO translations (id, user_id, source_lang, target_lang, input_text, output_text, engine, created_at) VALUES (?, ?, 'en', 'es', ?, ?, 'apertium', ?)",
      ).bind(`a-${index}`, ids[0], `input ${index}`, `output ${index}`, 1_700_000_000_000 + index * 1000),
    );
    statements.push(
      env.DB.prepare(
        "INSERT INTO translations (id, user_id, source_lang, target_lang, input_text, output_text, engine) VALUES ('b-secret', ?, 'en', 'es', 'B only', 'B solo', 'apertium')",
      ).bind(ids[1]),
    );
    await env.DB.batch(statements);

    const response = await getWithCookies("/api/translate", a.cookies);
    expect(response.status).toBe(200);
    const { translations } = (await response.json()) as {
      translations: { id: string; input: string; source: string; detectedSource: string | null; createdAt: number }[];
    };
    expect(translations).toHaveLength(20);
    expect(translations[0]).toMatchObject({ id: "a-21", input: "input 21", source: "en", detectedSource: null, createdAt: 1_700_000_021_000 });
    expect(translations.at(-1)!.id).toBe("a-2");
    expect(translations.map((row) => row.id)).not.toContain("b-secret");

    const other = (await (await getWithCookies("/api/translate", b.cookies)).json()) as { translations: { id: string }[] };
    expect(other.translations.map((row) => row.id)).toEqual(["b-secret"]);
  });

  withApertium("puts a new translation first", async () => {
    const { cookies } = await signedInAccount();
    await translate(cookies, { source: "en", target: "ca", text: "The dog" });
    await translate(cookies, { source: "en", target: "es", text: "The cat" });
    const { translations } = (await (await getWithCookies("/api/translate", cookies)).json()) as {
      translations: { input: string; output: string; engine: string }[];
    };
    expect(translations.map((row) => row.input)).toEqual(["The cat", "The dog"]);
    expect(translations[0]).toMatchObject({ output: "El gato", engine: "apertium" });
  });
});

describe.skipIf(!inject("apertiumAvailable"))("GET /api/translate/targets", () => {
  it("lists the targets Apertium reaches from a source", async () => {
    const response = await SELF.fetch(`${ORIGIN}/api/translate/targets?source=en`);
    const body = (await response.json()) as { source: string; targets: string[] };
    expect(body.source).toBe("en");
    expect(body.targets).toEqual(expect.arrayContaining(["es", "ca", "pt"]));
    expect(body.targets).not.toContain("ja");
    expect(((await (await SELF.fetch(`${ORIGIN}/api/translate/targets?source=auto`)).json()) as { targets: string }).targets).toBe("all");
    expect((await SELF.fetch(`${ORIGIN}/api/translate/targets?source=e$`)).status).toBe(400);
  });
});
