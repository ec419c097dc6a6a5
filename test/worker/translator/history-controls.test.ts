// The history the user controls (docs/product.md#translator): saving off writes nothing (read back from D1), favourites
// survive the retention deletion, search finds only the user's own rows, clear all empties it; the forms post to the
// translator page's action (and the saving setting also to the account page's).
import { env } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import { pruneExpiredTranslations } from "@worker/services/account/retention";
import { searchHistory, setFavourite } from "@worker/services/translation/history-controls";
import { saveTranslation } from "@worker/services/translation/history";
import { addTranslation, DAY, db } from "../account/helpers";
import { confirmedAccount, cookieHeader, sendWithCookies } from "../support/auth";
import { postForm } from "../support/requests";

const withApertium = it.skipIf(!inject("apertiumAvailable"));

async function savedRows(userId: string) {
  const { results } = await env.DB.prepare("SELECT input_text FROM translations WHERE user_id = ? ORDER BY created_at")
    .bind(userId)
    .all<{ input_text: string }>();
  return results.map((row) => row.input_text);
}

const postTo = (path: string, cookies: Record<string, string>, fields: Record<string, string>) =>
  postForm(path, fields, { cookie: cookieHeader(cookies) });

describe("saving on or off", () => {
  // The file's first page request transforms the app on demand: more time than the default.
  withApertium("off: a translation through the API or the page writes nothing to D1; on again: it does", { timeout: 90_000 }, async () => {
    const { cookies, body } = await confirmedAccount();
    const userId = body.session.user.id;
    const off = await postTo("/translate", cookies, { intent: "history-saving", saveHistory: "off" });
    expect(off.status).toBe(200);
    expect(await env.DB.prepare("SELECT save_history FROM translator_settings WHERE user_id = ?").bind(userId).first()).toEqual({ save_history: 0 });

    const api = await sendWithCookies("POST", "/api/translate", cookies, { source: "en", target: "es", text: "The house is red." });
    expect(api.status).toBe(200);
    expect(await api.json()).toMatchObject({ output: "La casa es roja." });
    const page = await postTo("/translate", cookies, { intent: "translate", source: "en", target: "es", text: "The dog is big." });
    expect(await page.text()).toContain("El perro es grande.");
    // The API saves after answering (waitUntil): a later request sees anything it wrote.
    await sendWithCookies("GET", "/api/translate", cookies);
    expect(await savedRows(userId)).toEqual([]);
    const { count } = (await env.DB.prepare(
      "SELECT count(*) AS count FROM translations WHERE input_text IN ('The house is red.', 'The dog is big.') AND user_id = ?",
    )
      .bind(userId)
      .first<{ count: number }>())!;
    expect(count).toBe(0);

    // The account page's form turns it on again.
    expect((await postTo("/account", cookies, { intent: "history-saving", saveHistory: "on" })).status).toBe(200);
    await postTo("/translate", cookies, { intent: "translate", source: "en", target: "es", text: "The dog is big." });
    expect(await savedRows(userId)).toEqual(["The dog is big."]);
  });

  it("the service writes nothing while saving is off", async () => {
    const { cookies, body } = await confirmedAccount();
    await postTo("/account", cookies, { intent: "history-saving", saveHistory: "off" });
    await saveTranslation(db, body.session.user.id, {
      source: "en",
      target: "es",
      text: "secret",
      result: { output: "secreto", source: "en", target: "es", engine: "apertium" },
    });
    expect(await savedRows(body.session.user.id)).toEqual([]);
    const page = await (await sendWithCookies("GET", "/account", cookies)).text();
    expect(page).toContain("Turn history saving on");
  });
});

describe("favourites and retention", () => {
  it("the daily retention deletion keeps starred translations and the recent ones", async () => {
    const { cookies, body } = await confirmedAccount();
    const userId = body.session.user.id;
    const now = Date.now();
    const old = await addTranslation(userId, { input: "old", createdAt: new Date(now - 40 * DAY) });
    const starred = await addTranslation(userId, { input: "old starred", createdAt: new Date(now - 40 * DAY) });
    await addTranslation(userId, { input: "recent", createdAt: new Date(now - 2 * DAY) });
    expect((await postTo("/translate", cookies, { intent: "history-favourite", id: starred, favourite: "on" })).status).toBe(200);
    // Someone without a retention setting keeps everything.
    const keeper = await confirmedAccount();
    await addTranslation(keeper.body.session.user.id, { input: "kept forever", createdAt: new Date(now - 400 * DAY) });

    expect((await sendWithCookies("PUT", "/api/account/settings", cookies, { historyRetentionDays: 30 })).status).toBe(200);
    await pruneExpiredTranslations(db, now);
    expect(await savedRows(userId)).toEqual(["old starred", "recent"]);
    expect(await savedRows(keeper.body.session.user.id)).toEqual(["kept forever"]);
    expect(old).toBeTruthy();

    // Unstarred, it goes with the next run.
    await postTo("/translate", cookies, { intent: "history-favourite", id: starred, favourite: "off" });
    await pruneExpiredTranslations(db, now);
    expect(await savedRows(userId)).toEqual(["recent"]);
  });

  it("refuses to star someone else's translation", async () => {
    const owner = await confirmedAccount();
    const id = await addTranslation(owner.body.session.user.id);
    const stranger = await confirmedAccount();
    expect((await postTo("/translate", stranger.cookies, { intent: "history-favourite", id, favourite: "on" })).status).toBe(404);
    await expect(setFavourite(db, stranger.body.session.user.id, id, true)).rejects.toThrow("This translation is not in your history.");
  });
});

describe("search and clear all", () => {
  it("finds the query in the user's own texts and translations only, ignoring case, posted in the body", async () => {
    const mine = await confirmedAccount();
    const theirs = await confirmedAccount();
    await addTranslation(mine.body.session.user.id, { input: "The Lighthouse keeper", output: "El farero" });
    await addTranslation(mine.body.session.user.id, { input: "Good night", output: "Buenas noches" });
    await addTranslation(mine.body.session.user.id, { input: "100% sure", output: "seguro al 100%" });
    await addTranslation(theirs.body.session.user.id, { input: "my lighthouse", output: "mi faro" });

    const found = await searchHistory(db, mine.body.session.user.id, "LIGHTHOUSE");
    expect(found.map((record) => record.input)).toEqual(["The Lighthouse keeper"]);
    expect((await searchHistory(db, mine.body.session.user.id, "noches")).map((record) => record.output)).toEqual(["Buenas noches"]);
    // The query is matched as typed: % is no wildcard.
    expect((await searchHistory(db, mine.body.session.user.id, "0%")).map((record) => record.input)).toEqual(["100% sure"]);

    const page = await postTo("/translate", mine.cookies, { intent: "history-search", query: "lighthouse" });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("1 found for “lighthouse”");
    expect(html).toContain("The Lighthouse keeper");
    expect(html).not.toContain("my lighthouse");
    const blank = await postTo("/translate", mine.cookies, { intent: "history-search", query: "  " });
    expect(blank.status).toBe(400);
  });

  it("clear all deletes every one of the user's entries, starred too, and nobody else's", async () => {
    const mine = await confirmedAccount();
    const theirs = await confirmedAccount();
    const starred = await addTranslation(mine.body.session.user.id, { input: "a" });
    await addTranslation(mine.body.session.user.id, { input: "b" });
    await addTranslation(theirs.body.session.user.id, { input: "c" });
    await setFavourite(db, mine.body.session.user.id, starred, true);
    const cleared = await postTo("/translate", mine.cookies, { intent: "history-clear", confirm: "on" });
    expect(cleared.status).toBe(200);
    expect((await cleared.text()).match(/\d+ translations? w[a-z]+ deleted\./)?.[0]).toBe("2 translations were deleted.");
    expect(await savedRows(mine.body.session.user.id)).toEqual([]);
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM translation_favourites WHERE user_id = ?").bind(mine.body.session.user.id).first(),
    ).toEqual({ n: 0 });
    expect(await savedRows(theirs.body.session.user.id)).toEqual(["c"]);
  });
});
