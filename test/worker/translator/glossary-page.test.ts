// The glossary page (docs/product.md#translator): its forms post to its action (with or without JavaScript), CSV
// import and export round-trip, bad CSV and the bounds get clear errors, and every row is the user's own.
import { env, SELF } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import { MAX_GLOSSARY_TERMS, MAX_TERM_CHARS } from "@core/schemas/glossary";
import { glossaryCsv, parseGlossaryCsv } from "@worker/services/translation/glossary/csv";
import { confirmedAccount, cookieHeader, getWithCookies, sendWithCookies } from "../support/auth";
import { newClientIp, ORIGIN, postForm } from "../support/requests";

const pair = { source: "en", target: "es" };

function post(cookies: Record<string, string>, fields: Record<string, string>) {
  return postForm("/translate/glossary", { ...pair, ...fields }, { cookie: cookieHeader(cookies) });
}

/** The import form as a browser sends it: multipart, with the file. */
function importCsv(cookies: Record<string, string>, csv: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ intent: "glossary-import", ...pair, ...fields })) form.set(name, value);
  form.set("file", new File([csv], "terms.csv", { type: "text/csv" }));
  return SELF.fetch(`${ORIGIN}/translate/glossary`, {
    method: "POST",
    headers: { cookie: cookieHeader(cookies), origin: ORIGIN, "sec-fetch-site": "same-origin", "cf-connecting-ip": newClientIp() },
    body: form,
    redirect: "manual",
  });
}

async function rows(userId: string) {
  const { results } = await env.DB.prepare("SELECT term, translation, source_lang, target_lang FROM glossary_terms WHERE user_id = ? ORDER BY term")
    .bind(userId)
    .all();
  return results;
}

describe("glossary CSV", () => {
  it("round-trips commas, quotes, line breaks, other scripts and formula-like cells", () => {
    const entries = [
      { term: "Parley, Inc.", translation: 'Parley "S.A."' },
      { term: "=SUM(A1)", translation: "-fórmula" },
      { term: "日本", translation: "Japón" },
      { term: "two\nlines", translation: "dos líneas" },
    ];
    const csv = glossaryCsv(entries);
    expect(csv.split("\r\n")[0]).toBe("term,translation");
    // A spreadsheet does not run the cell as a formula.
    expect(csv).toContain('"\'=SUM(A1)"');
    expect(parseGlossaryCsv(csv)).toEqual(entries);
  });

  it("reads a file without a header row, and says which rows are wrong", () => {
    expect(parseGlossaryCsv("house,casa\r\ncar,coche\n")).toEqual([
      { term: "house", translation: "casa" },
      { term: "car", translation: "coche" },
    ]);
    expect(() => parseGlossaryCsv("house,casa,extra\ncar,\n,x")).toThrow(
      "Nothing was imported. Row 1: expected 2 columns (term, translation), found 3. Row 2: Enter the term's translation. Row 3: Enter the term to translate.",
    );
    expect(() => parseGlossaryCsv(`${"x".repeat(MAX_TERM_CHARS + 1)},y`)).toThrow(`Row 1: A term is at most ${MAX_TERM_CHARS} characters.`);
    expect(() => parseGlossaryCsv("term,translation\n\n")).toThrow("The CSV file has no terms");
    expect(() => parseGlossaryCsv("a,b\n".repeat(20_000))).toThrow("The CSV file is too large");
  });
});

describe("the glossary page (forms, with or without JavaScript)", () => {
  // The file's first page request transforms the app on demand: more time than the default.
  it("sends a visitor to sign in first", { timeout: 90_000 }, async () => {
    const response = await SELF.fetch(`${ORIGIN}/translate/glossary`, { redirect: "manual" });
    expect(response.headers.get("location")).toBe("/auth?next=%2Ftranslate%2Fglossary");
  });

  it("adds and removes terms in the table, refusing a duplicate and someone else's row", async () => {
    const { cookies, body } = await confirmedAccount();
    const userId = body.session.user.id;
    expect((await post(cookies, { intent: "glossary-add", term: " house ", translation: "hogar" })).status).toBe(200);
    expect(await rows(userId)).toEqual([{ term: "house", translation: "hogar", source_lang: "en", target_lang: "es" }]);
    const page = await (await getWithCookies("/translate/glossary?source=en&target=es", cookies)).text();
    expect(page).toMatch(/<td[^>]*>house<\/td><td[^>]*>hogar<\/td>/);

    const duplicate = await post(cookies, { intent: "glossary-add", term: "House", translation: "casa" });
    expect(duplicate.status).toBe(409);
    expect(await duplicate.text()).toContain("is already in this glossary");
    const blank = await post(cookies, { intent: "glossary-add", term: "car", translation: " " });
    expect(blank.status).toBe(400);
    expect(await blank.text()).toContain("Enter the term&#x27;s translation.");

    const { id } = (await env.DB.prepare("SELECT id FROM glossary_terms WHERE user_id = ?").bind(userId).first<{ id: string }>())!;
    const stranger = await confirmedAccount();
    expect((await post(stranger.cookies, { intent: "glossary-remove", id })).status).toBe(404);
    expect(await rows(userId)).toHaveLength(1);
    expect((await post(cookies, { intent: "glossary-remove", id })).status).toBe(200);
    expect(await rows(userId)).toEqual([]);
  });

  it("imports a CSV (merging with the table) and exports what it holds, for the pair only", async () => {
    const { cookies, body } = await confirmedAccount();
    await post(cookies, { intent: "glossary-add", term: "house", translation: "casa" });
    const imported = await importCsv(cookies, 'term,translation\nHouse,hogar\n"Parley, Inc.",Parley S.A.\n');
    expect(imported.status).toBe(200);
    expect(await imported.text()).toContain("1 added, 1 updated.");
    expect(await rows(body.session.user.id)).toEqual([
      { term: "Parley, Inc.", translation: "Parley S.A.", source_lang: "en", target_lang: "es" },
      { term: "house", translation: "hogar", source_lang: "en", target_lang: "es" },
    ]);

    const exported = await getWithCookies("/translate/glossary.csv?source=en&target=es", cookies);
    expect(exported.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(exported.headers.get("content-disposition")).toBe('attachment; filename="glossary-en-es.csv"');
    const csv = await exported.text();
    expect(parseGlossaryCsv(csv)).toEqual([
      { term: "Parley, Inc.", translation: "Parley S.A." },
      { term: "house", translation: "hogar" },
    ]);
    // Another pair's glossary is another glossary; another user's export is their own (empty).
    expect(await (await getWithCookies("/translate/glossary.csv?source=en&target=fr", cookies)).text()).toBe("term,translation\r\n");
    const stranger = await confirmedAccount();
    expect(await (await getWithCookies("/translate/glossary.csv?source=en&target=es", stranger.cookies)).text()).toBe("term,translation\r\n");
  });

  it("refuses a bad CSV, a missing file, a bad pair and a glossary over the limit, changing nothing", async () => {
    const { cookies, body } = await confirmedAccount();
    const bad = await importCsv(cookies, "one,two,three\n");
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Row 1: expected 2 columns (term, translation), found 3.");
    const none = await importCsv(cookies, "");
    expect(none.status).toBe(400);
    expect(await none.text()).toContain("Choose a CSV file to import.");
    const samePair = await post(cookies, { intent: "glossary-add", term: "a", translation: "b", target: "en" });
    expect(samePair.status).toBe(400);
    expect(await samePair.text()).toContain("Choose two different languages for a glossary.");

    const full = Array.from({ length: MAX_GLOSSARY_TERMS + 1 }, (_, i) => `term${i},t${i}`).join("\n");
    const tooMany = await importCsv(cookies, full);
    expect(tooMany.status).toBe(400);
    expect(await tooMany.text()).toContain(`the glossary would hold ${MAX_GLOSSARY_TERMS + 1} terms`);
    expect(await rows(body.session.user.id)).toEqual([]);

    expect((await importCsv(cookies, full.split("\n").slice(0, MAX_GLOSSARY_TERMS).join("\n"))).status).toBe(200);
    const oneMore = await post(cookies, { intent: "glossary-add", term: "extra", translation: "más" });
    expect(oneMore.status).toBe(400);
    expect(await oneMore.text()).toContain(`A glossary holds at most ${MAX_GLOSSARY_TERMS} terms.`);
  });
});

describe.skipIf(!inject("apertiumAvailable"))("translating with a glossary (API and page, Apertium)", () => {
  it("applies the user's own glossary for the pair and says which terms it used", async () => {
    const { cookies } = await confirmedAccount();
    await post(cookies, { intent: "glossary-add", term: "house", translation: "hogar" });
    const response = await sendWithCookies("POST", "/api/translate", cookies, { source: "en", target: "es", text: "The house is red." });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ output: "El hogar es rojo.", glossaryApplied: [{ term: "house", translation: "hogar" }] });

    // Another user's translation of the same text is untouched by it.
    const stranger = await confirmedAccount();
    const theirs = (await (
      await sendWithCookies("POST", "/api/translate", stranger.cookies, { source: "en", target: "es", text: "The house is red." })
    ).json()) as {
      output: string;
      glossaryApplied?: unknown;
    };
    expect(theirs).toMatchObject({ output: "La casa es roja." });
    expect(theirs.glossaryApplied).toBeUndefined();

    // Without JavaScript the page shows the note too.
    const page = await postForm(
      "/translate",
      { intent: "translate", source: "en", target: "es", text: "The house is red." },
      { cookie: cookieHeader(cookies) },
    );
    const html = await page.text();
    expect(html).toContain("El hogar es rojo.");
    expect(html).toContain('aria-label="Glossary applied"');
  });
});
