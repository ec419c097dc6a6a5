// The automatic human check's words (docs/product.md#accounts): what the widget and its status line say.
export const humanCheckText = {
  // One wording per state of the check (CheckState in components/forms/proof-gate.ts).
  /** Before it runs: it starts by itself when the visitor starts on the form, or can be started from here. */
  idle: "Human check: runs by itself",
  verifying: "Verifying you're human…",
  verified: "Verified: you're human",
  error: "The human check failed. Send the form to try again.",
  expired: "The human check expired. It runs again when you send.",
  /** Said with JavaScript off, where the check cannot run. */
  noScript: "Without JavaScript, this form can be sent a few times an hour.",
} as const;
