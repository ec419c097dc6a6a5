// The owner's replies (docs/product.md#studio). A reply goes out by email through the mail interface, or at once
// into an open live chat; it can go translated into the sender's language (the owner sees both versions first).
// When mail fails the reply is kept in the thread as a draft with the error, and can be sent again.
import { and, eq, sql } from "drizzle-orm";
import { languageLabel } from "@core/languages";
import type { ChatLine } from "@core/schemas/inbox";
import type { Database } from "../../db/client";
import { inboxMessages, inboxThreads } from "../../db/schema";
import { deliverToVisitor } from "../../realtime/live-chat";
import { InvalidInput, NotFound, UpstreamFailed } from "../errors";
import type { MailMessage } from "../mail/mailer";
import { sendMail } from "../mail/send";
import { readInboxSettings } from "./settings";
import { findThread, type MessageRow, type ThreadRow } from "./threads";
import { chatLine } from "./thread-view";
import { translateFor } from "./translation";

export type ReplyPreview = {
  text: string;
  /** The reply in the sender's language, machine-translated; null when not asked for or not needed. */
  translation: string | null;
  targetLanguage: string | null;
  note: string | null;
};

export const REPLY_NOT_SENT = "We could not send the email, so your reply is kept as a draft in this conversation. Please try again in a moment.";

/** The reply as it would go out: with its translation into the sender's language when asked for. */
export async function previewReply(db: Database, env: Env, threadId: string, input: { text: string; translate: boolean }): Promise<ReplyPreview> {
  const thread = await findThread(db, threadId);
  const { language: ownerLanguage } = await readInboxSettings(db);
  const target = thread.language;
  if (!input.translate || !target || target === ownerLanguage) return { text: input.text, translation: null, targetLanguage: null, note: null };
  const made = await translateFor(env, input.text, target, ownerLanguage);
  return { text: input.text, translation: made.translation, targetLanguage: made.translation ? target : null, note: made.note };
}

function replyMail(thread: ThreadRow, message: MessageRow): MailMessage {
  const greeting = thread.name ? `Hello ${thread.name},\n\n` : "";
  const translated = message.translation && message.translationLanguage;
  const text = translated
    ? `${greeting}${message.translation}\n\n(Machine-translated into ${languageLabel(message.translationLanguage as string)}. The original reply follows.)\n\n${message.body}`
    : `${greeting}${message.body}`;
  return { to: thread.email as string, subject: "Re: your message to Parley", text };
}

async function touchThread(db: Database, thread: ThreadRow) {
  await db
    .update(inboxThreads)
    .set({ updatedAt: new Date(), status: sql`case when ${inboxThreads.status} = 'closed' then 'closed' else 'answered' end` })
    .where(eq(inboxThreads.id, thread.id));
}

/** Emails a stored reply; a failure keeps it as a draft with the error and throws UpstreamFailed. */
async function emailReply(db: Database, env: Env, thread: ThreadRow, message: MessageRow) {
  try {
    await sendMail(env, db, replyMail(thread, message));
  } catch (error) {
    const reason = error instanceof Error ? error.message : "The email could not be sent.";
    await db.update(inboxMessages).set({ delivery: "draft", error: reason }).where(eq(inboxMessages.id, message.id));
    throw new UpstreamFailed("reply_not_sent", REPLY_NOT_SENT);
  }
  await db.update(inboxMessages).set({ delivery: "email", error: null }).where(eq(inboxMessages.id, message.id));
}

export type SentReply = { line: ChatLine; delivery: MessageRow["delivery"] };

/**
 * Stores and sends the owner's reply: into the live chat when its visitor has it open, else by email when there is
 * an address, else kept for the visitor's return. `translation` is the one the preview showed, when there was one.
 */
export async function sendReply(
  db: Database,
  env: Env,
  threadId: string,
  input: { text: string; translate: boolean; translation?: string | null },
): Promise<SentReply> {
  const thread = await findThread(db, threadId);
  const settings = await readInboxSettings(db);
  let translation = input.translate ? (input.translation ?? null) : null;
  if (input.translate && !translation) {
    const preview = await previewReply(db, env, threadId, input);
    // A live chat goes on untranslated (the visitor still gets the answer); an email waits for the owner's choice.
    if (preview.note && thread.kind !== "live-chat") {
      throw new UpstreamFailed("translation_failed", `${preview.note} Send the reply untranslated, or try again later.`);
    }
    translation = preview.translation;
  }
  const translated = translation !== null && thread.language !== null;
  const [message] = await db
    .insert(inboxMessages)
    .values({
      id: crypto.randomUUID(),
      threadId,
      author: "owner",
      body: input.text,
      language: settings.language,
      translation: translated ? translation : null,
      translationLanguage: translated ? thread.language : null,
      delivery: "kept",
    })
    .returning();
  if (!message) throw new Error("the reply was not stored");
  await touchThread(db, thread);
  const line = chatLine(message, "sender");
  if (thread.kind === "live-chat" && (await deliverToVisitor(env, thread.id, { type: "line", line })) > 0) {
    await db.update(inboxMessages).set({ delivery: "live" }).where(eq(inboxMessages.id, message.id));
    return { line, delivery: "live" };
  }
  if (!thread.email) return { line, delivery: "kept" };
  await emailReply(db, env, thread, message);
  return { line, delivery: "email" };
}

/** Sends a draft again (a reply whose email failed). */
export async function retryDraft(db: Database, env: Env, threadId: string, messageId: string) {
  const thread = await findThread(db, threadId);
  const [message] = await db
    .select()
    .from(inboxMessages)
    .where(and(eq(inboxMessages.id, messageId), eq(inboxMessages.threadId, threadId)))
    .limit(1);
  if (!message) throw new NotFound("There is no such reply in this conversation.");
  if (message.delivery !== "draft") throw new InvalidInput("not_a_draft", "This reply was already sent.");
  if (!thread.email) throw new InvalidInput("no_address", "This sender left no email address.");
  await emailReply(db, env, thread, message);
}
