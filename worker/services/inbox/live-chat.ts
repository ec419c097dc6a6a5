// The visitor's side of the live chat (docs/product.md#studio). A chat is opened with its first message; the
// visitor then holds it through a first-party cookie (set by the router only then) whose token is stored hashed.
// Each message is stored, translated for the owner, and announced to every open Studio at once.
import { count, eq } from "drizzle-orm";
import type { LiveChatState } from "@core/schemas/inbox";
import type { Database } from "../../db/client";
import { inboxMessages, inboxThreads } from "../../db/schema";
import { announceToStudio, ownerOnline } from "../../realtime/live-chat";
import { randomToken, sha256Hex } from "../auth/tokens";
import { readInboxSettings } from "./settings";
import { threadMessages, type ThreadRow } from "./threads";
import { chatLine } from "./thread-view";
import { knownLanguage, translateFor } from "./translation";

export const LIVE_CHAT_COOKIE = "parley_live_chat";
/** How long the visitor's browser keeps the chat (the inbox's retention may remove it sooner). */
export const LIVE_CHAT_COOKIE_SECONDS = 30 * 24 * 60 * 60;

export type OpenLiveChatInput = { name: string | null; email?: string | undefined; message: string; language?: string | undefined };

/** The visitor's chat named by their cookie's token, or null (no cookie, or a chat the retention removed). */
export async function findVisitorChat(db: Database, token: string | undefined): Promise<ThreadRow | null> {
  if (!token) return null;
  const [thread] = await db
    .select()
    .from(inboxThreads)
    .where(eq(inboxThreads.visitorTokenHash, await sha256Hex(token)))
    .limit(1);
  return thread ?? null;
}

/** What the contact page's Live Chat shows: whether an owner is online, and the visitor's chat in their language. */
export async function liveChatState(db: Database, env: Env, token: string | undefined): Promise<LiveChatState> {
  const [online, thread] = await Promise.all([ownerOnline(env), findVisitorChat(db, token)]);
  if (!thread) return { online, chat: null };
  const rows = await threadMessages(db, thread.id);
  return { online, chat: { id: thread.id, language: thread.language, lines: rows.map((row) => chatLine(row, "sender")) } };
}

/** Stores a visitor's message with its translation for the owner, and tells every open Studio. */
export async function postVisitorMessage(db: Database, env: Env, thread: ThreadRow, text: string) {
  const { language: ownerLanguage } = await readInboxSettings(db);
  // The visitor's language (their browser's) is the source: a short chat line is too little text to detect reliably.
  const made = await translateFor(env, text, ownerLanguage, thread.language);
  const language = made.language;
  const now = new Date();
  const [[message]] = await db.batch([
    db
      .insert(inboxMessages)
      .values({
        id: crypto.randomUUID(),
        threadId: thread.id,
        author: "sender",
        body: text,
        language,
        translation: made.translation,
        // Kept only when it worked (or nothing needed translating): the Studio tries again when it opens the thread.
        translationLanguage: made.note ? null : ownerLanguage,
        delivery: "received",
        createdAt: now,
      })
      .returning(),
    db.update(inboxThreads).set({ updatedAt: now, unread: true, status: "open" }).where(eq(inboxThreads.id, thread.id)),
  ]);
  if (!message) throw new Error("the message was not stored");
  const [unread] = await db.select({ n: count() }).from(inboxThreads).where(eq(inboxThreads.unread, true));
  await announceToStudio(env, { type: "inbox", threadId: thread.id, unread: unread?.n ?? 0, line: chatLine(message, "owner") });
  return chatLine(message, "sender");
}

/**
 * Opens a live chat with the visitor's first message: the one entry point for starting a chat (where a bot check
 * belongs). Returns the token for the visitor's cookie and the chat as they see it.
 */
export async function openLiveChat(db: Database, env: Env, input: OpenLiveChatInput) {
  const token = randomToken();
  const id = crypto.randomUUID();
  const now = new Date();
  const language = knownLanguage(input.language);
  await db.insert(inboxThreads).values({
    id,
    kind: "live-chat",
    name: input.name,
    email: input.email ?? null,
    language,
    visitorTokenHash: await sha256Hex(token),
    createdAt: now,
    updatedAt: now,
  });
  const thread = { id, language } as ThreadRow;
  const line = await postVisitorMessage(db, env, thread, input.message);
  // A browser that sent no usable language: the first message's detected one stands for the visitor's.
  if (!language && line.language) await db.update(inboxThreads).set({ language: line.language }).where(eq(inboxThreads.id, id));
  return { token, chat: { id, language: language ?? line.language, lines: [line] } };
}
