// The inbox forms' names, shared by the pages and their actions (app/routes/studio/inbox*.server.ts).
export const INBOX_INTENTS = { search: "inbox-search", settings: "inbox-settings" } as const;

export const THREAD_INTENTS = {
  status: "thread-status",
  notes: "thread-notes",
  preview: "reply-preview",
  send: "reply-send",
  retry: "reply-retry",
} as const;
