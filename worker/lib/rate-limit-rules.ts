// Every rate limit of Parley in one table: what is limited, per what key, how many in which window.
// The mechanism is in rate-limit.ts (D1 fixed windows); the chat stream's limit is counted in the user's hub
// (realtime/generation.ts), where the turn already is. docs/decisions has the design.
import type { RateLimitRule } from "./rate-limit";

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/** `key`: the account where there is one; the address only as an outer bound; the email for signed-out flows. */
export type KeyedRateLimitRule = RateLimitRule & { key: "user" | "ip" | "email" };

export const RATE_LIMITS = {
  // Translator and chat (signed in).
  translate: { name: "translate", key: "user", limit: 60, windowSeconds: MINUTE },
  aiGenerate: { name: "ai", key: "user", limit: 30, windowSeconds: MINUTE },
  aiSave: { name: "ai-save", key: "user", limit: 120, windowSeconds: MINUTE },
  chatStream: { name: "ai-stream", key: "user", limit: 30, windowSeconds: MINUTE },
  // Blog.
  comment: { name: "comment", key: "user", limit: 10, windowSeconds: MINUTE },
  // Public forms and subscriptions (signed out).
  forms: { name: "forms", key: "ip", limit: 10, windowSeconds: 10 * MINUTE },
  subscribe: { name: "subscribe", key: "ip", limit: 30, windowSeconds: 10 * MINUTE },
  // Sign-in, sign-up and emailed links: the email bounds one account's budget, the address the whole client's.
  signInIp: { name: "signin-ip", key: "ip", limit: 60, windowSeconds: 15 * MINUTE },
  signInEmail: { name: "signin-email", key: "email", limit: 10, windowSeconds: 15 * MINUTE },
  signUpIp: { name: "signup-ip", key: "ip", limit: 30, windowSeconds: HOUR },
  signUpEmail: { name: "signup-email", key: "email", limit: 5, windowSeconds: HOUR },
  emailLinkIp: { name: "email-link-ip", key: "ip", limit: 40, windowSeconds: HOUR },
  emailLinkEmail: { name: "email-link-email", key: "email", limit: 5, windowSeconds: 15 * MINUTE },
  verifyIp: { name: "verify-ip", key: "ip", limit: 60, windowSeconds: 15 * MINUTE },
  verifyEmail: { name: "verify-email", key: "email", limit: 10, windowSeconds: 15 * MINUTE },
  // Account page.
  accountDeleteCode: { name: "account-delete-code", key: "user", limit: 5, windowSeconds: 15 * MINUTE },
  accountDeleteCodeIp: { name: "account-delete-code-ip", key: "ip", limit: 20, windowSeconds: HOUR },
  accountDelete: { name: "account-delete", key: "user", limit: 10, windowSeconds: 15 * MINUTE },
  accountDeleteIp: { name: "account-delete-ip", key: "ip", limit: 30, windowSeconds: 15 * MINUTE },
  accountExport: { name: "account-export", key: "user", limit: 30, windowSeconds: HOUR },
} as const satisfies Record<string, KeyedRateLimitRule>;
