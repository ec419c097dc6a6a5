// The inbox and privacy (docs/product.md#studio): entries and live chats follow the retention setting (the daily
// cron), and a user's threads are in their export and go with their account. No IP address or user agent is kept.
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import worker from "@worker/index";
import { deleteAccount } from "@worker/services/account/data";
import { saveInboxSettings } from "@worker/services/inbox/settings";
import { describe, expect, it } from "vitest";
import { getWithCookies, signedInAccount, uniqueEmail } from "../support/auth";
import { postJsonWithProof } from "../support/proof";
import { db, submitContact } from "./helpers";

const DAY = 24 * 60 * 60 * 1000;
const threadIds = async () => (await env.DB.prepare("SELECT id FROM inbox_threads").all<{ id: string }>()).results.map((row) => row.id);

async function runCron(now: number) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: "17 3 * * *", scheduledTime: now }), env, ctx);
  await waitOnExecutionContext(ctx);
}

describe("retention", () => {
  it("deletes entries and live chats older than the setting, with their submissions, and keeps newer ones", async () => {
    const old = await submitContact({ name: "Old", email: uniqueEmail("old"), message: "An old message." });
    const fresh = await submitContact({ name: "New", email: uniqueEmail("new"), message: "A new message." });
    const chat = await postJsonWithProof("/api/live-chat/open", { message: "An old chat.", language: "en" });
    const chatId = ((await chat.json()) as { chat: { id: string } }).chat.id;
    const longAgo = Date.now() - 40 * DAY;
    await env.DB.prepare("UPDATE inbox_threads SET updated_at = ? WHERE id IN (?, ?)").bind(longAgo, old, chatId).run();
    await saveInboxSettings(db(), { language: "en", retentionDays: 30 });

    await runCron(Date.now());
    const left = await threadIds();
    expect(left).toContain(fresh);
    expect(left).not.toContain(old);
    expect(left).not.toContain(chatId);
    expect(await env.DB.prepare("SELECT id FROM form_submissions WHERE id = ?").bind(old).first()).toBeNull();
    expect(await env.DB.prepare("SELECT id FROM inbox_messages WHERE thread_id = ?").bind(chatId).first()).toBeNull();
    await saveInboxSettings(db(), { language: "en", retentionDays: 365 });
  });

  it("keeps no IP address or user agent", async () => {
    const columns = async (table: string) =>
      (await env.DB.prepare(`PRAGMA table_info(${table})`).all<{ name: string }>()).results.map((row) => row.name);
    for (const table of ["inbox_threads", "inbox_messages", "form_submissions"]) {
      expect((await columns(table)).join(" ")).not.toMatch(/ip|agent/i);
    }
  });
});

describe("a user's data", () => {
  it("exports the threads sent with the user's address and deletes them with the account", async () => {
    const account = await signedInAccount();
    const id = await submitContact({ name: "Me", email: account.email, message: "My own message to the team." });
    const chat = await postJsonWithProof("/api/live-chat/open", { email: account.email, message: "My live chat.", language: "en" });
    expect(chat.status).toBe(201);
    const exported = (await (await getWithCookies("/api/account/export", account.cookies)).json()) as {
      inboxThreads: { id: string; kind: string; messages: { from: string; text: string }[] }[];
    };
    expect(exported.inboxThreads.map((thread) => thread.kind).sort()).toEqual(["contact", "live-chat"]);
    expect(exported.inboxThreads.find((thread) => thread.id === id)?.messages).toEqual([
      expect.objectContaining({ from: "you", text: "My own message to the team." }),
    ]);
    expect(JSON.stringify(exported.inboxThreads)).not.toContain("notes");

    await deleteAccount(db(), { id: account.body.session.user.id, email: account.email });
    expect((await env.DB.prepare("SELECT count(*) AS n FROM inbox_threads WHERE email = ?").bind(account.email).first<{ n: number }>())?.n).toBe(0);
  });
});
