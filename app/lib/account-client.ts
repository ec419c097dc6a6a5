// The browser's side of /api/account: one small function per call, all through apiRequest.
import { apiRequest } from "~/lib/api";
import type {
  AccountSettings,
  AccountSettingsInput,
  AiHistoryItem,
  BlogHistoryItem,
  DeleteAccountInput,
  HistoryList,
  TranslationHistoryItem,
} from "@core/schemas/account";

/** A plain link downloads the export: the browser saves the attachment with the session cookie, no script needed. */
export const EXPORT_URL = "/api/account/export";

export type HistoryKind = "ai" | "translations" | "blog";
export type HistoryItems = { ai: AiHistoryItem; translations: TranslationHistoryItem; blog: BlogHistoryItem };

export async function fetchHistory<K extends HistoryKind>(kind: K, signal?: AbortSignal) {
  const { items } = await apiRequest<HistoryList<HistoryItems[K]>>(`/account/history/${kind}`, { method: "GET", signal });
  return items;
}

export function saveSettings(input: AccountSettingsInput) {
  return apiRequest<AccountSettings>("/account/settings", { method: "PUT", json: input });
}

/** Emails the code that confirms deleting an account without a password. */
export async function sendDeleteCode() {
  await apiRequest<{ ok: true }>("/account/delete/code");
}

export async function deleteAccountRequest(input: DeleteAccountInput) {
  await apiRequest<{ ok: true }>("/account/delete", { json: input });
}
