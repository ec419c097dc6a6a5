// Data rights: the export, the retention setting and its daily enforcement by the cron.
import { createExecutionContext, createScheduledController, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import worker from "@worker/index";
import { describe, expect, it } from "vitest";
import { formSubmissions, subscriptions } from "@worker/db/schema";
import type { AccountExport } from "@worker/services/account/data";
import { signedInAccount, getWithCookies, sendWithCookies } from "../support/auth";
import { addComment, addConversation, addMessage, addPost, addTranslation, DAY, db } from "./helpers";
import { ORIGIN } from "../support/requests";

async function exportOf(cookies: Record<string, string>) {
  const response = await getWithCookies("/api/account/export", cookies);
  expect(response.status).toBe(200);
  return { response, data: (await response.json()) as AccountExport };
}

describe("GET /api/account/export", () => {
  it("downloads everything of the account as a dated JSON attachment, and nothing of anyone else", async () => {
    const a = await signedInAccount();
    const b = await signedInAccount();
    const aId = a.body.session.user.id;
    const bId = b.body.session.user.id;

    const conversation = await addConversation(aId, { title: "Planning" });
    await addMessage(aId, conversation, "What should I pack?", { role: "user" });
    await addMessage(aId, conversation, "A raincoat.");
    await addTranslation(aId, { input: "Good morning", output: "Buenos días" });
    const bPost = await addPost(bId, { title: "B's post" });
    await addComment(aId, bPost.id, { content: "A's comment" });
    const aPost = await addPost(aId, { title: "A's draft", published: false });
    await db.insert(subscriptions).values([
      { id: crypto.randomUUID(), email: `sub-${aId}@example.com`, userId: aId, page: "/" },
      { id: crypto.randomUUID(), email: `sub-${bId}@example.com`, userId: bId, page: "/" },
    ]);
    await db.insert(formSubmissions).values([
      { id: crypto.randomUUID(), kind: "contact", email: a.email, name: "A", message: "Hello from A" },
      { id: crypto.randomUUID(), kind: "contact", email: b.email, name: "B", message: "Hello from B" },
    ]);
    // B's own rows, which must not appear in A's export.
    const bConversation = await addConversation(bId, { title: "B's chat" });
    await addMessage(bId, bConversation, "B's answer");
    await addTranslation(bId, { input: "B's text" });

    const { response, data } = await exportOf(a.cookies);
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="parley-data-${today}.json"`);
    expect(response.headers.get("cache-control")).toBe("no-store");

    expect(data.account).toMatchObject({ id: aId, email: a.email, signInWithPassword: true });
    expect(data.account.created).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(data.account.confirmed).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(data.profile).toEqual({ isOwner: false, historyRetentionDays: null });
    expect(data.conversations).toHaveLength(1);
    expect(data.conversations[0]).toMatchObject({ id: conversation, title: "Planning" });
    expect(data.conversations[0]!.messages.map((message) => [message.role, message.content])).toEqual([
      ["user", "What should I pack?"],
      ["assistant", "A raincoat."],
    ]);
    expect(data.translations.map((row) => [row.input, row.output])).toEqual([["Good morning", "Buenos días"]]);
    expect(data.comments).toEqual([expect.objectContaining({ content: "A's comment", post: { id: bPost.id, title: "B's post", slug: bPost.slug } })]);
    expect(data.posts).toEqual([expect.objectContaining({ id: aPost.id, title: "A's draft", published: false })]);
    expect(data.subscriptions.map((row) => row.email)).toEqual([`sub-${aId}@example.com`]);
    expect(data.formSubmissions.map((row) => row.message)).toEqual(["Hello from A"]);

    const text = JSON.stringify(data);
    for (const foreign of [bId, b.email, "B's chat", "B's answer", "B's text", "Hello from B"]) expect(text).not.toContain(foreign);
    // Credentials are not data: no password hash in the file.
    expect(text).not.toContain("scrypt$");

    // And B's export holds none of A's rows.
    const fromB = JSON.stringify((await exportOf(b.cookies)).data);
    for (const foreign of [aId, a.email, "Planning", "A raincoat.", "Good morning", "A's comment", "A's draft", "Hello from A"])
      expect(fromB).not.toContain(foreign);
  });

  it("answers 401 without a session", async () => {
    const response = await SELF.fetch(`${ORIGIN}/api/account/export`);
    expect(response.status).toBe(401);
  });
});

describe("/api/account/settings", () => {
  it("reads and saves the history retention: 1–365 days or null (keep until I delete)", async () => {
    const { cookies } = await signedInAccount();
    const initial = await getWithCookies("/api/account/settings", cookies);
    expect(await initial.json()).toEqual({ historyRetentionDays: null, hasPassword: true });

    for (const days of [1, 30, 365, null]) {
      const saved = await sendWithCookies("PUT", "/api/account/settings", cookies, { historyRetentionDays: days });
      expect(saved.status).toBe(200);
      expect(await saved.json()).toEqual({ historyRetentionDays: days, hasPassword: true });
      expect(await (await getWithCookies("/api/account/settings", cookies)).json()).toEqual({ historyRetentionDays: days, hasPassword: true });
    }

    for (const bad of [0, 366, 1.5, -3, "30", undefined]) {
      const rejected = await sendWithCookies("PUT", "/api/account/settings", cookies, { historyRetentionDays: bad });
      expect(rejected.status).toBe(400);
      const { error } = (await rejected.json()) as { error: { code: string; message: string; fields: Record<string, string> } };
      expect(error.code).toBe("invalid_input");
      expect(error.fields.historyRetentionDays).toBe("Choose a number of days from 1 to 365.");
    }
    // A rejected value changed nothing.
    expect(await (await getWithCookies("/api/account/settings", cookies)).json()).toEqual({ historyRetentionDays: null, hasPassword: true });
  });

  it("needs a session", async () => {
    expect((await SELF.fetch(`${ORIGIN}/api/account/settings`)).status).toBe(401);
    const put = await SELF.fetch(`${ORIGIN}/api/account/settings`, {
      method: "PUT",
      headers: { "content-type": "application/json", origin: ORIGIN, "sec-fetch-site": "same-origin" },
      body: JSON.stringify({ historyRetentionDays: 7 }),
    });
    expect(put.status).toBe(401);
  });

  it("the account page renders the saved setting", async () => {
    const { cookies } = await signedInAccount();
    await sendWithCookies("PUT", "/api/account/settings", cookies, { historyRetentionDays: 45 });
    const html = await (await getWithCookies("/account", cookies)).text();
    expect(html).toContain("Conversations not updated for 45 days are deleted automatically, once a day.");
    expect(html).toContain("Your data");
    expect(html).toContain('href="/api/account/export"');
  });
});

describe("history retention, enforced by the daily cron", () => {
  it("deletes exactly the conversations older than each user's setting, with their messages", async () => {
    const now = Date.now();
    const weekly = await signedInAccount();
    const keeper = await signedInAccount();
    const monthly = await signedInAccount();
    await sendWithCookies("PUT", "/api/account/settings", weekly.cookies, { historyRetentionDays: 7 });
    await sendWithCookies("PUT", "/api/account/settings", monthly.cookies, { historyRetentionDays: 30 });
    const ago = (days: number) => new Date(now - days * DAY);

    const weeklyId = weekly.body.session.user.id;
    const keeperId = keeper.body.session.user.id;
    const monthlyId = monthly.body.session.user.id;
    const expired = [
      await addConversation(weeklyId, { updatedAt: ago(10) }),
      await addConversation(monthlyId, { updatedAt: ago(40) }),
      await addConversation(monthlyId, { updatedAt: ago(30.01), archived: true }),
    ];
    const kept = [
      await addConversation(weeklyId, { updatedAt: ago(6.9) }),
      await addConversation(weeklyId, { updatedAt: ago(0) }),
      await addConversation(keeperId, { updatedAt: ago(400) }),
      await addConversation(monthlyId, { updatedAt: ago(29.9) }),
    ];
    for (const id of [...expired, ...kept]) {
      const owner = (await env.DB.prepare("SELECT user_id FROM conversations WHERE id = ?").bind(id).first<{ user_id: string }>())!.user_id;
      await addMessage(owner, id, "question", { role: "user", createdAt: ago(400) });
      await addMessage(owner, id, "answer", { createdAt: ago(400) });
    }

    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: "17 3 * * *", scheduledTime: now }), env, ctx);
    await waitOnExecutionContext(ctx);

    const all = [...expired, ...kept];
    const placeholders = all.map(() => "?").join(", ");
    const remaining = (
      await env.DB.prepare(`SELECT id FROM conversations WHERE id IN (${placeholders})`)
        .bind(...all)
        .all<{ id: string }>()
    ).results.map((row) => row.id);
    expect(remaining.sort()).toEqual([...kept].sort());
    const orphanMessages = await env.DB.prepare(`SELECT count(*) AS n FROM messages WHERE conversation_id IN (${expired.map(() => "?").join(", ")})`)
      .bind(...expired)
      .first<{ n: number }>();
    expect(orphanMessages!.n).toBe(0);
    const keptMessages = await env.DB.prepare(`SELECT count(*) AS n FROM messages WHERE conversation_id IN (${kept.map(() => "?").join(", ")})`)
      .bind(...kept)
      .first<{ n: number }>();
    expect(keptMessages!.n).toBe(kept.length * 2);
  });
});
