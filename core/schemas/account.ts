// The account page's contract (docs/product.md#account-page, #privacy), shared by
// /account and /api/account: request bodies validated on both sides, and the shapes of the answers.
import * as z from "zod/mini";

/**
 * docs/product.md#account-page: how many rows each account list reads, and how long titles and previews may be. The
 * translations list reads the translator's own history (TRANSLATION_HISTORY_LIMIT in @core/schemas/translate).
 */
export const AI_HISTORY_MESSAGE_LIMIT = 100;
export const BLOG_HISTORY_LIMIT = 20;
export const CONVERSATION_TITLE_CHARS = 80;
export const CONVERSATION_PREVIEW_CHARS = 180;
export const TRANSLATION_INPUT_PREVIEW_CHARS = 120;
export const TRANSLATION_OUTPUT_PREVIEW_CHARS = 160;
export const COMMENT_PREVIEW_CHARS = 160;
export const UNTITLED_CONVERSATION = "Conversation";

/** Conversation history retention: a whole number of days, or null to keep it until the user deletes it. */
export const RETENTION_MIN_DAYS = 1;
export const RETENTION_MAX_DAYS = 365;
export const RETENTION_RANGE_MESSAGE = `Choose a number of days from ${RETENTION_MIN_DAYS} to ${RETENTION_MAX_DAYS}.`;

export const accountSettingsSchema = z.object({
  historyRetentionDays: z.nullable(
    z.number({ error: RETENTION_RANGE_MESSAGE }).check(
      z.refine((days) => Number.isInteger(days), RETENTION_RANGE_MESSAGE),
      z.gte(RETENTION_MIN_DAYS, RETENTION_RANGE_MESSAGE),
      z.lte(RETENTION_MAX_DAYS, RETENTION_RANGE_MESSAGE),
    ),
  ),
});
export type AccountSettingsInput = z.infer<typeof accountSettingsSchema>;

/** The retention form's two fields (a mode select and a number field) as the setting accountSettingsSchema checks. */
export function retentionFormInput(fields: { retention?: string; historyRetentionDays?: string }) {
  if (fields.retention === "keep") return { historyRetentionDays: null };
  const days = fields.historyRetentionDays?.trim() ?? "";
  return { historyRetentionDays: days === "" ? Number.NaN : Number(days) };
}

/** The account page's forms, as their `intent` names them to the page's action (without JavaScript). */
export const ACCOUNT_INTENTS = { retention: "retention", deleteCode: "delete-code", deleteAccount: "delete-account" } as const;

export const DELETE_PASSWORD_MESSAGE = "Enter your password to confirm.";
export const DELETE_CODE_MESSAGE = "Enter the 6-digit code from the email.";

/** Deleting the account is confirmed by the password, or by an emailed code for accounts without one. */
export const deleteAccountSchema = z.union([
  z.object({
    password: z.string({ error: DELETE_PASSWORD_MESSAGE }).check(z.minLength(1, DELETE_PASSWORD_MESSAGE), z.maxLength(128, DELETE_PASSWORD_MESSAGE)),
  }),
  z.object({ code: z.string({ error: DELETE_CODE_MESSAGE }).check(z.trim(), z.regex(/^\d{6}$/, DELETE_CODE_MESSAGE)) }),
]);
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/** GET/PUT /api/account/settings. hasPassword decides how deletion is confirmed. */
export type AccountSettings = { historyRetentionDays: number | null; hasPassword: boolean };

/** One conversation of the AI History tab. */
export type AiHistoryItem = { id: string; title: string; preview: string; archived: boolean; updatedAt: number };

export type TranslationHistoryItem = {
  id: string;
  sourceLang: string;
  targetLang: string;
  detectedLang: string | null;
  inputPreview: string;
  outputPreview: string;
  createdAt: number;
};

/** The Blog Responses tab: the user's comments (with their post) and, for owners, their posts. */
export type BlogHistoryItem =
  | { kind: "comment"; id: string; postTitle: string; slug: string; preview: string; createdAt: number }
  | { kind: "post"; id: string; title: string; slug: string; published: boolean; createdAt: number };

export type HistoryList<T> = { items: T[] };
