// The translator screen's documents (POST /translate/document) and its detection details: without JavaScript the
// form's answer is the translated file itself; with JavaScript, progress lines and then the file. Nothing of the
// document is written to D1. Translations go to the real Apertium APY on loopback.
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { cookieHeader, getWithCookies, sendWithCookies, signedInAccount } from "../support/auth";
import { ORIGIN } from "../support/requests";

const withApertium = it.skipIf(!inject("apertiumAvailable"));
type Cookies = Record<string, string>;

const SRT = Array.from(
  { length: 12 },
  (_, i) => `${i + 1}\n00:00:${String(i).padStart(2, "0")},000 --> 00:00:${String(i).padStart(2, "0")},900\nThe house is red.\n`,
).join("\n");

function postDocument(cookies: Cookies, fields: Record<string, string | File>, accept?: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return SELF.fetch(`${ORIGIN}/translate/document`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie: cookieHeader(cookies), origin: ORIGIN, "sec-fetch-site": "same-origin", ...(accept ? { accept } : {}) },
    body: form,
  });
}

async function rowsOf(userId: string) {
  return env.DB.prepare(
    "SELECT (SELECT count(*) FROM translations WHERE user_id = ?1) + (SELECT count(*) FROM translated_files WHERE user_id = ?1) AS n",
  )
    .bind(userId)
    .first<number>("n");
}

describe("POST /translate/document", () => {
  beforeAll(async () => {
    await getWithCookies("/translate", {});
  }, 180_000);

  withApertium("answers the translated file as a download without JavaScript, numbering and timings intact, and stores nothing", async () => {
    const { cookies, body } = await signedInAccount();
    const response = await postDocument(cookies, { file: new File([SRT], "film.srt"), source: "en", target: "es" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/octet-stream");
    expect(response.headers.get("content-disposition")).toContain('attachment; filename="film.es.srt"');
    const text = await response.text();
    expect(text).toBe(SRT.replaceAll("The house is red.", "La casa es roja."));
    expect(await rowsOf(body.session.user.id)).toBe(0);
  });

  withApertium("streams progress lines, then the file, when the screen asks for them", async () => {
    const { cookies } = await signedInAccount();
    const response = await postDocument(
      cookies,
      { file: new File(["# Hello\n\nThe dog is big.\n"], "notes.md"), source: "auto", target: "es" },
      "application/x-ndjson",
    );
    expect(response.headers.get("content-type")).toContain("application/x-ndjson");
    const lines = (await response.text())
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.at(-2)).toMatchObject({ type: "progress", done: 2, total: 2 });
    expect(lines.at(-1)).toEqual({ type: "done", name: "notes.es.md", content: "# Hola\n\nEl perro es grande.\n", detectedSource: "en" });
  });

  it("goes back to the translator with only an error code in the address when the file is refused", async () => {
    const { cookies } = await signedInAccount();
    const response = await postDocument(cookies, { file: new File(["%PDF"], "scan.pdf"), source: "en", target: "es" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/translate?document_error=document_format#document");
    const page = await (await getWithCookies("/translate?document_error=document_format", cookies)).text();
    expect(page).toContain("Choose a .txt, .md, .srt, .vtt or .html file.");
  });

  it("streams a refusal as its last line", async () => {
    const { cookies } = await signedInAccount();
    const response = await postDocument(cookies, { file: new File([""], "empty.txt"), source: "en", target: "es" }, "application/x-ndjson");
    expect(JSON.parse((await response.text()).trim())).toEqual({ type: "error", code: "document_empty", message: "The file is empty." });
  });

  it("sends a visitor to sign in first", async () => {
    const response = await postDocument({}, { file: new File(["Hi"], "a.txt"), source: "en", target: "es" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/auth?next=%2Ftranslate");
  });
});

describe("detection details on /api/translate", () => {
  withApertium("answers how sure detection is and the next likeliest language", async () => {
    const { cookies } = await signedInAccount();
    const response = await sendWithCookies("POST", "/api/translate", cookies, {
      source: "auto",
      target: "en",
      text: "La casa es roja y el perro es grande.",
    });
    const result = (await response.json()) as { detectedSource: string; detectedConfidence: number; nextLikelySource?: string };
    expect(result.detectedSource).toBe("es");
    expect(result.detectedConfidence).toBeGreaterThan(50);
    expect(result.detectedConfidence).toBeLessThanOrEqual(100);
    expect(result.nextLikelySource).toMatch(/^[a-z]{2,3}/);
    expect(result.nextLikelySource).not.toBe("es");
  });
});
