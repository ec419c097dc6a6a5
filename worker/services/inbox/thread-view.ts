// One inbox thread as the owner reads it (docs/product.md#studio): every message's original, beside it a machine
// translation into the owner's language (made now if it was not made before, then kept), the detected language,
// the owner's replies (their Markdown sanitized by the one policy), private notes and the status.
import type { ChatLine } from "@core/schemas/inbox";
import type { Database } from "../../db/client";
import { renderMarkdown } from "../blog/markdown";
import { readInboxSettings } from "./settings";
import {
  cacheTranslations,
  findSubmission,
  findThread,
  markRead,
  rememberLanguage,
  threadMessages,
  type MessageRow,
  type ThreadRow,
} from "./threads";
import { translateFor } from "./translation";

export type OwnerMessage = {
  id: string;
  author: "sender" | "owner";
  body: string;
  /** The owner's reply as sanitized HTML (a sender's message is shown as plain text). */
  html: string | null;
  language: string | null;
  translation: string | null;
  translationLanguage: string | null;
  /** Why a sender's message has no translation although it needs one (the engine is down). */
  note: string | null;
  delivery: MessageRow["delivery"];
  error: string | null;
  createdAt: number;
};

export type OwnerThread = {
  thread: Omit<ThreadRow, "visitorTokenHash" | "createdAt" | "updatedAt"> & { createdAt: number; updatedAt: number };
  submission: Awaited<ReturnType<typeof findSubmission>>;
  messages: OwnerMessage[];
  ownerLanguage: string;
};

/** A sender's message in the owner's language: the kept translation, or a new one (kept when it worked). */
async function forOwner(env: Env, message: MessageRow, ownerLanguage: string) {
  if (message.translationLanguage === ownerLanguage && (message.translation !== null || message.language === ownerLanguage)) {
    return { message, note: null, changed: false };
  }
  const made = await translateFor(env, message.body, ownerLanguage, message.language);
  const updated = { ...message, language: made.language, translation: made.translation };
  // Not kept when the engine failed: the next reading tries again.
  const changed = made.note === null;
  return { message: changed ? { ...updated, translationLanguage: ownerLanguage } : updated, note: made.note, changed };
}

function ownerMessage(message: MessageRow, note: string | null): OwnerMessage {
  return {
    id: message.id,
    author: message.author,
    body: message.body,
    html: message.author === "owner" ? renderMarkdown(message.body, "chat") : null,
    language: message.language,
    translation: message.translation,
    translationLanguage: message.translationLanguage,
    note,
    delivery: message.delivery,
    error: message.error,
    createdAt: message.createdAt.getTime(),
  };
}

/** Opens a thread for the owner: marks it read and translates what is not yet in the owner's language. */
export async function openThread(db: Database, env: Env, id: string): Promise<OwnerThread> {
  const thread = await findThread(db, id);
  const [{ language: ownerLanguage }, submission, rows] = await Promise.all([
    readInboxSettings(db),
    findSubmission(db, thread),
    threadMessages(db, id),
  ]);
  const shown = await Promise.all(
    rows.map((row) => (row.author === "sender" ? forOwner(env, row, ownerLanguage) : { message: row, note: null, changed: false })),
  );
  const changed = shown.filter((entry) => entry.changed).map(({ message }) => ({ ...message, target: ownerLanguage }));
  const senderLanguage =
    thread.language ?? shown.find((entry) => entry.message.author === "sender" && entry.message.language)?.message.language ?? null;
  await Promise.all([
    cacheTranslations(db, changed),
    thread.unread ? markRead(db, id) : null,
    !thread.language && senderLanguage ? rememberLanguage(db, id, senderLanguage) : null,
  ]);
  const { visitorTokenHash: _hidden, ...visible } = thread;
  return {
    thread: { ...visible, language: senderLanguage, unread: false, createdAt: thread.createdAt.getTime(), updatedAt: thread.updatedAt.getTime() },
    submission,
    messages: shown.map(({ message, note }) => ownerMessage(message, note)),
    ownerLanguage,
  };
}

/** A message as one side of a live chat sees it: in their language when a translation for it exists. */
export function chatLine(message: MessageRow, reader: "sender" | "owner"): ChatLine {
  const translated = message.author !== reader && message.translation !== null;
  return {
    id: message.id,
    author: message.author,
    text: translated ? (message.translation as string) : message.body,
    original: translated ? message.body : null,
    language: message.language,
    machineTranslated: translated,
    createdAt: message.createdAt.getTime(),
  };
}
