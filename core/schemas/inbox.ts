// The Studio inbox and live chat (docs/product.md#studio): the owner's forms and the visitor's chat, validated the
// same way in the browser, the page actions and the API.
import * as z from "zod/mini";
import { emailField, optionalText, requiredText } from "./common";

export const INBOX_STATUS_VALUES = ["open", "answered", "closed"] as const;
export type InboxStatus = (typeof INBOX_STATUS_VALUES)[number];
export type InboxKind = "contact" | "application" | "security" | "enterprise" | "live-chat";

export const INBOX_KIND_LABELS: Record<InboxKind, string> = {
  contact: "Contact",
  application: "Job application",
  security: "Security docs",
  enterprise: "Enterprise",
  "live-chat": "Live chat",
};

/** The longest reply, note or chat message: long enough for any answer, short enough for one mail. */
export const INBOX_TEXT_MAX = 5000;

export const inboxStatusSchema = z.object({
  status: z.enum(INBOX_STATUS_VALUES, { error: "Please choose open, answered or closed." }),
});

export const inboxNotesSchema = z.object({
  notes: z._default(z.string().check(z.trim(), z.maxLength(INBOX_TEXT_MAX, "Notes can be at most 5,000 characters.")), ""),
});

const replyText = requiredText("Please write a reply.", INBOX_TEXT_MAX, "A reply can be at most 5,000 characters.");
const checkbox = z.pipe(
  z.optional(z.union([z.boolean(), z.string()])),
  z.transform((value) => value === true || value === "on" || value === "true"),
);

/** A reply to preview: the text, and whether it goes out translated into the sender's language. */
export const inboxReplyPreviewSchema = z.object({ text: replyText, translate: checkbox });

/** A reply to send: what the preview showed (the translation, when asked for, is the one the owner saw). */
export const inboxReplySchema = z.object({
  text: replyText,
  translate: checkbox,
  translation: optionalText(INBOX_TEXT_MAX * 2, "The translation is too long."),
});

export const inboxSearchSchema = z.object({
  q: z._default(z.string().check(z.trim(), z.maxLength(200, "Search for at most 200 characters.")), ""),
  status: z.optional(z.enum(["all", ...INBOX_STATUS_VALUES])),
});

export const RETENTION_MIN_DAYS = 1;
export const RETENTION_MAX_DAYS = 3650;

export const inboxSettingsSchema = z.object({
  language: requiredText("Please choose a language.", 40, "Please choose a language."),
  retentionDays: z.coerce.number({ error: "Please enter a number of days." }).check(
    z.refine((days) => Number.isInteger(days), "Please enter whole days."),
    z.gte(RETENTION_MIN_DAYS, "Keep entries for at least 1 day."),
    z.lte(RETENTION_MAX_DAYS, "Keep entries for at most 3,650 days."),
  ),
});

/** What a visitor sends to open a live chat: their first message, and optionally a name and an address for replies. */
export const liveChatOpenSchema = z.object({
  name: optionalText(120, "Your name can be at most 120 characters."),
  email: z.pipe(
    z.pipe(
      z.optional(z.string()),
      z.transform((value) => (value?.trim() ? value : undefined)),
    ),
    z.optional(emailField),
  ),
  message: requiredText("Please write a message.", INBOX_TEXT_MAX, "Your message can be at most 5,000 characters."),
  /** The browser's language (navigator.language): what the owner's replies are translated into. */
  language: z.optional(z.string().check(z.maxLength(40))),
});

export const liveChatMessageTextSchema = z.object({
  text: requiredText("Please write a message.", INBOX_TEXT_MAX, "Your message can be at most 5,000 characters."),
});

/** One message as a side of the conversation sees it: `text` in their language, `original` one click away. */
export type ChatLine = {
  id: string;
  author: "sender" | "owner";
  text: string;
  original: string | null;
  language: string | null;
  machineTranslated: boolean;
  createdAt: number;
};

export type LiveChatState = { online: boolean; chat: { id: string; language: string | null; lines: ChatLine[] } | null };

/** What the Studio's presence socket pushes to owners. */
export type StudioEvent = { type: "inbox"; threadId: string; unread: number; line?: ChatLine };
/** What a live chat's socket pushes to its visitor: the owner's lines, and the owner coming or going. */
export type VisitorEvent = { type: "line"; line: ChatLine } | { type: "presence"; online: boolean };
