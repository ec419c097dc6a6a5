// The Studio inbox (docs/product.md#studio): submissions in one list with their translation into the owner's
// language, status and notes, replies by email (translated), and the faults: engine down, mail down.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { openThread } from "@worker/services/inbox/thread-view";
import { sendReply } from "@worker/services/inbox/replies";
import { TRANSLATION_UNAVAILABLE_NOTE } from "@worker/services/inbox/translation";
import { getWithCookies, lastEmail, ownerAccount, sendWithCookies, uniqueEmail } from "../support/auth";
import { db, engineDownEnv, mailDownEnv, submitContact } from "./helpers";

const withApertium = it.skipIf(!inject("apertiumAvailable"));
let owner: Awaited<ReturnType<typeof ownerAccount>>;

beforeAll(async () => {
  owner = await ownerAccount();
});

const SPANISH = "Hola, quiero saber el precio del traductor para mi empresa. La casa es roja.";

type Thread = {
  thread: { id: string; status: string; notes: string; language: string | null; kind: string };
  messages: {
    body: string;
    translation: string | null;
    language: string | null;
    note: string | null;
    html: string | null;
    delivery: string;
    error: string | null;
  }[];
};

async function readThread(id: string) {
  const response = await getWithCookies(`/api/studio/inbox/${id}`, owner.cookies);
  expect(response.status).toBe(200);
  return (await response.json()) as Thread;
}

describe("the inbox", () => {
  withApertium("shows a Spanish contact message with its English translation and the detected language", async () => {
    const email = uniqueEmail("ana");
    const id = await submitContact({ name: "Ana", email, message: SPANISH, category: "sales" });
    const list = (await (await getWithCookies("/api/studio/inbox", owner.cookies)).json()) as {
      threads: { id: string; kind: string; unread: boolean }[];
      unread: number;
    };
    const entry = list.threads.find((thread) => thread.id === id);
    expect(entry).toMatchObject({ kind: "enterprise", unread: true });
    expect(list.threads[0]?.id).toBe(id);
    expect(list.unread).toBeGreaterThan(0);

    const { thread, messages } = await readThread(id);
    expect(thread.language).toBe("es");
    expect(messages[0]).toMatchObject({ body: SPANISH, language: "es", note: null });
    expect(messages[0]?.translation).toMatch(/house is red/i);
    // Opened: no longer unread.
    const after = (await (await getWithCookies("/api/studio/inbox", owner.cookies)).json()) as { threads: { id: string; unread: boolean }[] };
    expect(after.threads.find((row) => row.id === id)?.unread).toBe(false);
  });

  it("keeps status and notes", async () => {
    const id = await submitContact({ name: "Bo", email: uniqueEmail("bo"), message: "Please call me back." });
    expect((await sendWithCookies("POST", `/api/studio/inbox/${id}/status`, owner.cookies, { status: "closed" })).status).toBe(200);
    expect((await sendWithCookies("POST", `/api/studio/inbox/${id}/notes`, owner.cookies, { notes: "Called on Monday." })).status).toBe(200);
    const { thread } = await readThread(id);
    expect(thread).toMatchObject({ status: "closed", notes: "Called on Monday." });
    const bad = await sendWithCookies("POST", `/api/studio/inbox/${id}/status`, owner.cookies, { status: "archived" });
    expect(bad.status).toBe(400);
    const long = await sendWithCookies("POST", `/api/studio/inbox/${id}/notes`, owner.cookies, { notes: "x".repeat(5001) });
    expect(long.status).toBe(400);
    expect(((await long.json()) as { error: { fields: Record<string, string> } }).error.fields.notes).toMatch(/5,000/);
  });

  it("filters by status and searches in a POST body", async () => {
    const marker = `zebra-${Date.now()}`;
    const id = await submitContact({ name: "Cy", email: uniqueEmail("cy"), message: `About the ${marker} 100% plan` });
    const found = (await (await sendWithCookies("POST", "/api/studio/inbox/search", owner.cookies, { q: marker })).json()) as {
      threads: { id: string }[];
    };
    expect(found.threads.map((thread) => thread.id)).toEqual([id]);
    const literal = (await (await sendWithCookies("POST", "/api/studio/inbox/search", owner.cookies, { q: "%" })).json()) as {
      threads: { id: string }[];
    };
    expect(literal.threads.map((thread) => thread.id)).toContain(id);
    const closed = (await (await getWithCookies("/api/studio/inbox?status=closed", owner.cookies)).json()) as {
      threads: { id: string; status: string }[];
    };
    expect(closed.threads.every((thread) => thread.status === "closed")).toBe(true);
  });

  withApertium("sends a reply by email, translated into the sender's language, and keeps it in the thread", async () => {
    const email = uniqueEmail("luz");
    const id = await submitContact({ name: "Luz", email, message: SPANISH });
    await readThread(id);
    const preview = await sendWithCookies("POST", `/api/studio/inbox/${id}/reply/preview`, owner.cookies, {
      text: "The house is red.",
      translate: true,
    });
    const both = (await preview.json()) as { text: string; translation: string; targetLanguage: string };
    expect(both).toMatchObject({ text: "The house is red.", targetLanguage: "es" });
    expect(both.translation).toMatch(/casa es roja/i);

    const sent = await sendWithCookies("POST", `/api/studio/inbox/${id}/reply`, owner.cookies, {
      text: "The house is red.",
      translate: true,
      translation: both.translation,
    });
    expect(sent.status).toBe(201);
    const mail = await lastEmail(email);
    expect(mail.text).toContain(both.translation);
    expect(mail.text).toContain("The house is red.");
    expect(mail.text).toMatch(/Machine-translated into Spanish/);
    const { thread, messages } = await readThread(id);
    expect(thread.status).toBe("answered");
    expect(messages.map((message) => message.delivery)).toEqual(["received", "email"]);
  });

  it("sanitizes Markdown and HTML in a reply", async () => {
    const id = await submitContact({ name: "Di", email: uniqueEmail("di"), message: "Hello there, a question." });
    const hostile = "**Thanks** <script>alert(1)</script><img src=x onerror=alert(2)> [link](javascript:alert(3))";
    expect((await sendWithCookies("POST", `/api/studio/inbox/${id}/reply`, owner.cookies, { text: hostile, translate: false })).status).toBe(201);
    const reply = (await readThread(id)).messages[1];
    expect(reply?.html).toContain("<strong>Thanks</strong>");
    expect(reply?.html).not.toMatch(/<script|onerror|javascript:/i);
    const huge = await sendWithCookies("POST", `/api/studio/inbox/${id}/reply`, owner.cookies, { text: "a".repeat(5001), translate: false });
    expect(huge.status).toBe(400);
  });
});

describe("faults", () => {
  it("shows the original with a note when the translation engine is down", async () => {
    const id = await submitContact({ name: "Eva", email: uniqueEmail("eva"), message: SPANISH });
    const shown = await openThread(db(), engineDownEnv(), id);
    expect(shown.messages[0]).toMatchObject({ body: SPANISH, translation: null, note: TRANSLATION_UNAVAILABLE_NOTE });
  });

  it("keeps the reply as a draft with the error when mail is down", async () => {
    const id = await submitContact({ name: "Fay", email: uniqueEmail("fay"), message: "Hello, is anyone there?" });
    await expect(sendReply(db(), mailDownEnv(), id, { text: "Yes, we are.", translate: false })).rejects.toMatchObject({ code: "reply_not_sent" });
    const { messages } = await openThread(db(), env, id);
    expect(messages[1]).toMatchObject({ body: "Yes, we are.", delivery: "draft" });
    expect(messages[1]?.error).toBeTruthy();
    // Sent again once mail works.
    const messageId = (await openThread(db(), env, id)).messages[1]!.id;
    expect((await sendWithCookies("POST", `/api/studio/inbox/${id}/drafts/${messageId}/send`, owner.cookies)).status).toBe(200);
    expect((await openThread(db(), env, id)).messages[1]).toMatchObject({ delivery: "email", error: null });
  });
});
