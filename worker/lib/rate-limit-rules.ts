// Every rate limit of Parley in one table: what is limited, per what key, how many in which window, and where
// it is counted. The mechanism is rate-limit.ts: "d1" rules are D1 fixed windows; the chat stream's "hub" rule is
// a sliding window in the user's Durable Object (realtime/generation.ts), where the turn already runs.
// docs/decisions/0010-rate-limits.md has the design, and why the Workers Rate Limiting binding carries none of them.
import type { RateLimitRule, RateLimitWindow } from "./rate-limit";

const MINUTE = 60;
const HOUR = 60 * MINUTE;

export const RATE_LIMITS = {
  // Translator and chat (signed in).
  translate: { name: "translate", key: "user", limit: 60, windowSeconds: MINUTE, counter: "d1" },
  // The translator's glossary and history forms (docs/decisions/0020-translator-controls.md): edits and searches.
  translatorControls: { name: "translator-controls", key: "user", limit: 120, windowSeconds: MINUTE, counter: "d1" },
  // A document (up to 1 MB) is many translations in one: its own, tighter budget.
  translateDocument: { name: "translate-document", key: "user", limit: 20, windowSeconds: 10 * MINUTE, counter: "d1" },
  aiGenerate: { name: "ai", key: "user", limit: 30, windowSeconds: MINUTE, counter: "d1" },
  aiSave: { name: "ai-save", key: "user", limit: 120, windowSeconds: MINUTE, counter: "d1" },
  chatStream: { name: "ai-stream", key: "user", limit: 30, windowSeconds: MINUTE, counter: "hub" },
  // Searching one's conversations (an FTS5 query each; the picker searches as the user types, debounced).
  chatSearch: { name: "chat-search", key: "user", limit: 120, windowSeconds: MINUTE, counter: "d1" },
  // Blog.
  comment: { name: "comment", key: "user", limit: 10, windowSeconds: MINUTE, counter: "d1" },
  // Public forms and subscriptions (signed out).
  // Per IP only as a coarse outer bound (an office or a carrier NAT shares one): each submission also costs its
  // sender a proof of work, or counts in the tight fallback buckets below (docs/decisions/0018-bot-protection.md).
  forms: { name: "forms", key: "ip", limit: 60, windowSeconds: 10 * MINUTE, counter: "d1" },
  subscribe: { name: "subscribe", key: "ip", limit: 30, windowSeconds: 10 * MINUTE, counter: "d1" },
  // Confirmation mails per address (docs/decisions/0022-studio-audience.md): over it, the sign-up still answers
  // success but sends nothing, so nobody can flood someone else's inbox through the form.
  subscribeConfirmEmail: { name: "subscribe-confirm-email", key: "email", limit: 3, windowSeconds: HOUR, counter: "d1" },
  // The Studio's newsletter test mail, per owner.
  newsletterTest: { name: "newsletter-test", key: "user", limit: 20, windowSeconds: HOUR, counter: "d1" },
  // Live chat (docs/decisions/0021-studio-inbox.md): opening chats per address, and a coarse bound on messages;
  // each chat's own budget is LIVE_CHAT_MESSAGES below.
  liveChatOpen: { name: "live-chat-open", key: "ip", limit: 10, windowSeconds: 10 * MINUTE, counter: "d1" },
  liveChatMessageIp: { name: "live-chat-message-ip", key: "ip", limit: 120, windowSeconds: MINUTE, counter: "d1" },
  // Sign-in, sign-up and emailed links: the email bounds one account's budget; the client address is only a coarse
  // outer bound, high enough that one shared address (an office, a school, a carrier NAT) does not lock out
  // everyone behind it (docs/decisions/0010-rate-limits.md, issue 16).
  signInIp: { name: "signin-ip", key: "ip", limit: 300, windowSeconds: 15 * MINUTE, counter: "d1" },
  signInEmail: { name: "signin-email", key: "email", limit: 10, windowSeconds: 15 * MINUTE, counter: "d1" },
  signUpIp: { name: "signup-ip", key: "ip", limit: 300, windowSeconds: HOUR, counter: "d1" },
  signUpEmail: { name: "signup-email", key: "email", limit: 5, windowSeconds: HOUR, counter: "d1" },
  emailLinkIp: { name: "email-link-ip", key: "ip", limit: 300, windowSeconds: HOUR, counter: "d1" },
  emailLinkEmail: { name: "email-link-email", key: "email", limit: 5, windowSeconds: 15 * MINUTE, counter: "d1" },
  verifyIp: { name: "verify-ip", key: "ip", limit: 300, windowSeconds: 15 * MINUTE, counter: "d1" },
  verifyEmail: { name: "verify-email", key: "email", limit: 10, windowSeconds: 15 * MINUTE, counter: "d1" },
  // Account page.
  accountDeleteCode: { name: "account-delete-code", key: "user", limit: 5, windowSeconds: 15 * MINUTE, counter: "d1" },
  accountDeleteCodeIp: { name: "account-delete-code-ip", key: "ip", limit: 20, windowSeconds: HOUR, counter: "d1" },
  accountDelete: { name: "account-delete", key: "user", limit: 10, windowSeconds: 15 * MINUTE, counter: "d1" },
  accountDeleteIp: { name: "account-delete-ip", key: "ip", limit: 30, windowSeconds: 15 * MINUTE, counter: "d1" },
  accountExport: { name: "account-export", key: "user", limit: 30, windowSeconds: HOUR, counter: "d1" },
  // Signing sessions out (one, or all others), by the API or the account page's forms.
  sessionSignOut: { name: "session-sign-out", key: "user", limit: 30, windowSeconds: 15 * MINUTE, counter: "d1" },
  // Passkeys (docs/decisions/0016-passkeys.md): registering and managing per account; signing in, where no account
  // is known until the signature checks out, per client address (each attempt also spends a one-time challenge).
  passkeyRegister: { name: "passkey-register", key: "user", limit: 20, windowSeconds: 15 * MINUTE, counter: "d1" },
  passkeyManage: { name: "passkey-manage", key: "user", limit: 60, windowSeconds: 15 * MINUTE, counter: "d1" },
  // The sign-in screen asks for options on every visit (the email field's passkey suggestions): a looser bound.
  passkeySignInOptionsIp: { name: "passkey-signin-options-ip", key: "ip", limit: 300, windowSeconds: 15 * MINUTE, counter: "d1" },
  passkeySignInIp: { name: "passkey-signin-ip", key: "ip", limit: 60, windowSeconds: 15 * MINUTE, counter: "d1" },
  // Two-factor sign-in (docs/decisions/0015-two-factor.md): codes on a challenge per account (each challenge also
  // allows 5 attempts), the address as the outer bound; enrolment and its changes per signed-in account.
  twoFactorVerify: { name: "two-factor-verify", key: "user", limit: 10, windowSeconds: 15 * MINUTE, counter: "d1" },
  twoFactorVerifyIp: { name: "two-factor-verify-ip", key: "ip", limit: 60, windowSeconds: 15 * MINUTE, counter: "d1" },
  twoFactorManage: { name: "two-factor-manage", key: "user", limit: 10, windowSeconds: 15 * MINUTE, counter: "d1" },
  // Changing credentials (docs/decisions/0017-credentials-and-codes.md): each proof of the current password is a
  // guess, so the account's budget is tight; the email change also sends two emails.
  passwordChange: { name: "password-change", key: "user", limit: 10, windowSeconds: 15 * MINUTE, counter: "d1" },
  emailChange: { name: "email-change", key: "user", limit: 5, windowSeconds: HOUR, counter: "d1" },
  // A passwordless account's email change is proved with a code to its current address (one email per request).
  emailChangeCode: { name: "email-change-code", key: "user", limit: 5, windowSeconds: HOUR, counter: "d1" },
  credentialsIp: { name: "credentials-ip", key: "ip", limit: 300, windowSeconds: HOUR, counter: "d1" },
  // API keys for /lt (docs/decisions/0019-libretranslate-api.md): creating and revoking, per account. A key's own use
  // is counted on its row (requests per minute, characters per day, limits its owner chose), not in this table.
  apiKeyManage: { name: "api-key-manage", key: "user", limit: 30, windowSeconds: 15 * MINUTE, counter: "d1" },
  // Bot protection's fallback (docs/decisions/0018-bot-protection.md): a protected page form posted without the
  // automatic proof (JavaScript off) is counted here, per email address or account, the address as the outer bound.
  proofFallbackEmail: { name: "proof-fallback-email", key: "email", limit: 3, windowSeconds: HOUR, counter: "d1" },
  proofFallbackUser: { name: "proof-fallback-user", key: "user", limit: 3, windowSeconds: HOUR, counter: "d1" },
  proofFallbackIp: { name: "proof-fallback-ip", key: "ip", limit: 30, windowSeconds: HOUR, counter: "d1" },
} as const satisfies Record<string, RateLimitRule>;

/** A visitor's messages per live chat (the chat has no account; its id is the key), counted in D1 like the rules. */
export const LIVE_CHAT_MESSAGES: RateLimitWindow = { name: "live-chat-message", limit: 20, windowSeconds: MINUTE };
