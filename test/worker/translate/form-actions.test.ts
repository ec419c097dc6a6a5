// The translator without JavaScript: the form posts to /translate, whose action translates like POST /api/translate
// and renders the page with the translation and the text kept.
import { env } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import { RATE_LIMITS } from "@worker/lib/rate-limit-rules";
import { confirmedAccount, cookieHeader, getWithCookies } from "../support/auth";
import { postForm } from "../support/requests";
import { fillWindow } from "../support/rate-limits";

const withApertium = it.skipIf(!inject("apertiumAvailable"));

const form = (fields: Record<string, string>) => ({ intent: "translate", source: "en", target: "es", text: "The house is red.", ...fields });

async function savedInputs(userId: string) {
  const { results } = await env.DB.prepare("SELECT input_text, output_text FROM translations WHERE user_id = ?").bind(userId).all();
  return results;
}

describe("POST /translate (the translator, no JavaScript)", () => {
  it("sends a visitor to sign in first, and back to the translator", async () => {
    const response = await postForm("/translate", form({}));
    expect([302, 303]).toContain(response.status);
    expect(response.headers.get("location")).toBe("/auth?next=%2Ftranslate");
  });

  withApertium("translates, keeps the text, saves the history row and shows it on the next visit", async () => {
    const { cookies, body: account } = await confirmedAccount();
    const response = await postForm("/translate", form({}), { cookie: cookieHeader(cookies) });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<textarea[^>]*name="text"[^>]*>The house is red\.<\/textarea>/);
    expect(html).toMatch(/<textarea[^>]*aria-label="Translation"[^>]*>La casa es roja\.<\/textarea>/);
    expect(await savedInputs(account.session.user.id)).toEqual([{ input_text: "The house is red.", output_text: "La casa es roja." }]);

    const again = await (await getWithCookies("/translate", cookies)).text();
    expect(again).toContain('aria-label="Recent translations"');
    expect(again).toContain("La casa es roja.");
  });

  it("answers a bad language with the API's message, keeping the text and the languages", async () => {
    const { cookies, body: account } = await confirmedAccount();
    const response = await postForm("/translate", form({ target: "zz-nope", text: "Keep this text." }), { cookie: cookieHeader(cookies) });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('role="alert"');
    expect(html).toContain("Could not translate");
    expect(html).toMatch(/Invalid language code|Unsupported language code/);
    expect(html).toMatch(/<textarea[^>]*name="text"[^>]*>Keep this text\.<\/textarea>/);
    expect(html).toMatch(/<option value="en" selected="">English<\/option>/);
    expect(await savedInputs(account.session.user.id)).toEqual([]);
  });

  it("answers blank text with the API's message", async () => {
    const { cookies } = await confirmedAccount();
    const response = await postForm("/translate", form({ text: "   " }), { cookie: cookieHeader(cookies) });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Please enter some text to translate.");
  });

  it("counts against the same per-account limit as the API", async () => {
    const { cookies, body: account } = await confirmedAccount();
    await fillWindow(RATE_LIMITS.translate, account.session.user.id);
    const response = await postForm("/translate", form({}), { cookie: cookieHeader(cookies) });
    expect(response.status).toBe(429);
    expect(await response.text()).toContain("Too many requests. Please wait a moment and try again.");
    expect(await savedInputs(account.session.user.id)).toEqual([]);
  });
});
