// The newsletter room's words (docs/product.md#studio).
export const newsletterCopy = {
  noTracking:
    "No open or click tracking: newsletters carry no tracking pixel and no rewritten links, so the Studio shows how many were sent, never who read them.",
  subject: "Subject",
  body: "Newsletter (Markdown)",
  bodyHint:
    "Rendered with the blog's Markdown rules: scripts, styles and unsafe links are removed. Each mail ends with a one-click unsubscribe link.",
  saveDraft: "Save draft",
  preview: "Preview",
  previewEmpty: "The preview appears as you write.",
  sendTest: "Send a test to me",
  sendAll: (count: number) => `Send to ${count} confirmed ${count === 1 ? "subscriber" : "subscribers"}`,
  confirmSend: (count: number) => `Send this newsletter to ${count} confirmed subscribers now?`,
  continueSending: "Continue sending",
  progress: (sent: number, remaining: number) => `${sent} sent, ${remaining} left`,
  done: (sent: number) => `Sent to ${sent} ${sent === 1 ? "subscriber" : "subscribers"}.`,
} as const;
