import { sql } from "drizzle-orm";
import { blob, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { WebSource } from "../../core/schemas/chat-features";

const createdAt = () => integer("created_at", { mode: "timestamp_ms" }).notNull().default(sql`(unixepoch('subsec') * 1000)`);

export const SUBSCRIPTION_STATUSES = ["pending", "confirmed", "unsubscribed"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * Newsletter / waitlist sign-ups, one row per address, double opt-in (docs/decisions/0022-studio-audience.md):
 * pending until the emailed link is confirmed, and kept pending only while that link is valid.
 */
export const subscriptions = sqliteTable(
  "subscriptions",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull().unique(),
    userId: text("user_id"),
    page: text("page"),
    utm: text("utm"),
    createdAt: createdAt(),
    status: text("status", { enum: SUBSCRIPTION_STATUSES }).notNull().default("pending"),
    /** SHA-256 of the pending confirmation link's token; null once confirmed. */
    confirmTokenHash: text("confirm_token_hash"),
    confirmExpiresAt: integer("confirm_expires_at", { mode: "timestamp_ms" }),
    confirmedAt: integer("confirmed_at", { mode: "timestamp_ms" }),
    unsubscribedAt: integer("unsubscribed_at", { mode: "timestamp_ms" }),
  },
  (table) => [
    uniqueIndex("subscriptions_confirm_token_idx").on(table.confirmTokenHash),
    index("subscriptions_status_idx").on(table.status, table.createdAt),
  ],
);

/** Messages from the public forms (contact, careers, security docs, live chat), kept for the owner's inbox. */
export const formSubmissions = sqliteTable(
  "form_submissions",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: ["security", "application", "contact", "live-chat"] }).notNull(),
    name: text("name"),
    email: text("email").notNull(),
    company: text("company"),
    /** The careers role or the contact topic. */
    category: text("category"),
    link: text("link"),
    message: text("message"),
    page: text("page"),
    createdAt: createdAt(),
  },
  (table) => [index("form_submissions_email_idx").on(table.email), index("form_submissions_kind_idx").on(table.kind, table.createdAt)],
);

/** Fixed-window counters for rate limits; old windows are pruned by the scheduled handler. */
export const rateLimits = sqliteTable(
  "rate_limits",
  {
    key: text("key").notNull(),
    windowStart: integer("window_start").notNull(),
    count: integer("count").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.key, table.windowStart] })],
);

/** Accounts. The email is stored lowercased; a passwordless account (magic link / code only) has no hash. */
export const users = sqliteTable("users", {
  id: text("id").primaryKey(),
  email: text("email").notNull().unique(),
  passwordHash: text("password_hash"),
  emailConfirmedAt: integer("email_confirmed_at", { mode: "timestamp_ms" }),
  createdAt: createdAt(),
});

export const profiles = sqliteTable("profiles", {
  id: text("id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  isOwner: integer("is_owner", { mode: "boolean" }).notNull().default(false),
  /** How long AI conversations are kept, 1–365 days; null keeps them until the user deletes them. */
  historyRetentionDays: integer("history_retention_days"),
});

/**
 * Refresh tokens, stored as SHA-256 hashes. Each sign-in starts a family; every refresh rotates the
 * token within its family. Presenting a token that was already rotated away revokes the whole family.
 */
export const refreshTokens = sqliteTable(
  "refresh_tokens",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    familyId: text("family_id").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: createdAt(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    rotatedAt: integer("rotated_at", { mode: "timestamp_ms" }),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
  },
  (table) => [index("refresh_tokens_family_idx").on(table.familyId), index("refresh_tokens_user_idx").on(table.userId)],
);

/**
 * "account_delete" is the code that confirms deleting a passwordless account; it never signs anyone in.
 * "email_change" is the link sent to a new address; its row's email is that new address.
 */
// email_change_code: the code a passwordless account (passkeys only) proves itself with before changing its address.
export const ONE_TIME_PURPOSES = ["signup", "magiclink", "recovery", "otp", "account_delete", "email_change", "email_change_code"] as const;
export type OneTimePurpose = (typeof ONE_TIME_PURPOSES)[number];

/** Single-use secrets sent by email (confirmation, magic link, recovery links and 6-digit codes), hashed. */
export const oneTimeTokens = sqliteTable(
  "one_time_tokens",
  {
    id: text("id").primaryKey(),
    /** Null for a magic link or code sent to an address that has no account yet: using it creates one. */
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    purpose: text("purpose", { enum: ONE_TIME_PURPOSES }).notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: createdAt(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    /** How many times a code was tried (docs/decisions/0017-credentials-and-codes.md: at most 5). */
    attempts: integer("attempts").notNull().default(0),
  },
  (table) => [index("one_time_tokens_email_idx").on(table.email, table.purpose)],
);

/** The development outbox: every email the app would send, readable at /dev/outbox when running locally. */
export const mailOutbox = sqliteTable("mail_outbox", {
  id: text("id").primaryKey(),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  createdAt: createdAt(),
  html: text("html"),
  /** JSON object of the extra headers (List-Unsubscribe), or null. */
  headers: text("headers", { mode: "json" }).$type<Record<string, string> | null>(),
});

/** Blog posts (Markdown). Full-text search runs on the posts_fts table, kept in sync by triggers (migration 0003). */
export const posts = sqliteTable(
  "posts",
  {
    id: text("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    excerpt: text("excerpt"),
    coverUrl: text("cover_url"),
    content: text("content").notNull(),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
    /** JSON array of lowercase tags, or null. */
    tags: text("tags", { mode: "json" }).$type<string[] | null>(),
    canonicalUrl: text("canonical_url"),
    authorId: text("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    published: integer("published", { mode: "boolean" }).notNull().default(true),
    /** An unpublished post with this time is scheduled: the hourly cron publishes it then (null: a draft). */
    publishAt: integer("publish_at", { mode: "timestamp_ms" }),
  },
  (table) => [
    index("posts_published_created_idx").on(table.published, table.createdAt),
    index("posts_author_idx").on(table.authorId),
    index("posts_publish_at_idx").on(table.published, table.publishAt),
  ],
);

export const comments = sqliteTable(
  "comments",
  {
    id: text("id").primaryKey(),
    postId: text("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    authorId: text("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    createdAt: createdAt(),
    /** Set when the owner hides the comment: it no longer shows on the post. */
    hiddenAt: integer("hidden_at", { mode: "timestamp_ms" }),
  },
  (table) => [
    index("comments_post_idx").on(table.postId, table.createdAt),
    index("comments_author_idx").on(table.authorId, table.createdAt),
    index("comments_created_idx").on(table.createdAt),
  ],
);

/** A signed-in user's translations (the translator shows the last 20). */
export const translations = sqliteTable(
  "translations",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sourceLang: text("source_lang").notNull(),
    targetLang: text("target_lang").notNull(),
    /** The language detected when the source was "auto". */
    detectedLang: text("detected_lang"),
    inputText: text("input_text").notNull(),
    outputText: text("output_text").notNull(),
    /** Which engine produced the output (apertium, workers-ai, openai-compatible). */
    engine: text("engine").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("translations_user_created_idx").on(table.userId, table.createdAt)],
);

/** AI chat conversations. Listed newest update first; archived ones are hidden from the picker. */
export const conversations = sqliteTable(
  "conversations",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Taken from the first message (80 characters) until the user renames the conversation. */
    title: text("title").notNull().default(""),
    titleIsCustom: integer("title_is_custom", { mode: "boolean" }).notNull().default(false),
    archived: integer("archived", { mode: "boolean" }).notNull().default(false),
    /** Pinned conversations sort first and are never deleted by the retention cron (migration 0017). */
    pinned: integer("pinned", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
    /** Chat branches (migration 0018): the message the active branch goes through (docs/decisions/0026-chat-branches.md). */
    activeMessageId: text("active_message_id"),
  },
  (table) => [index("conversations_user_updated_idx").on(table.userId, table.archived, table.updatedAt)],
);

export const MESSAGE_ROLES = ["user", "assistant", "system"] as const;
/** complete, or an assistant answer still being generated, stopped by the user, or cut by a failure. */
export const MESSAGE_STATUSES = ["complete", "streaming", "stopped", "failed"] as const;

export const messages = sqliteTable(
  "messages",
  {
    id: text("id").primaryKey(),
    conversationId: text("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: MESSAGE_ROLES }).notNull(),
    content: text("content").notNull(),
    status: text("status", { enum: MESSAGE_STATUSES }).notNull().default("complete"),
    /** The client's id for one exchange (user message + answer): saving the same turn twice is a no-op. */
    turnId: text("turn_id"),
    /** The numbered web sources an answer cites as [n] (migration 0017; core/schemas/chat-features.ts). */
    sources: text("sources", { mode: "json" }).$type<WebSource[]>(),
    createdAt: createdAt(),
    /** Chat turn (migration 0016): why the answer to this user message failed, until a retry succeeds. */
    failure: text("failure"),
    /** Chat branches (migration 0018): the message this one follows, null for a first message; siblings share it. */
    parentId: text("parent_id"),
  },
  (table) => [
    index("messages_conversation_created_idx").on(table.conversationId, table.createdAt),
    index("messages_user_role_created_idx").on(table.userId, table.role, table.createdAt),
    uniqueIndex("messages_turn_role_idx").on(table.conversationId, table.turnId, table.role),
    index("messages_parent_idx").on(table.parentId),
  ],
);

// Sessions (docs/product.md#accounts, docs/decisions/0014-session-list.md).

/**
 * The device of each session (refresh-token family), for the account page's list: a coarse label such as
 * "Firefox on Linux" (never the user agent itself, never an address), when it signed in, and when it last
 * rotated its refresh token (last used, to within the access token's lifetime). Written with each token issued.
 */
export const sessionDevices = sqliteTable(
  "session_devices",
  {
    familyId: text("family_id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Null when the user agent named nothing we recognise; shown as "Unknown device". */
    label: text("label"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [index("session_devices_user_idx").on(table.userId, table.lastUsedAt)],
);

// Passkeys (WebAuthn): docs/decisions/0016-passkeys.md.

/** Each user's WebAuthn user handle: random, stable, and never the email (authenticators keep it). */
export const passkeyUserHandles = sqliteTable("passkey_user_handles", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** base64url of 32 random bytes. */
  handle: text("handle").notNull().unique(),
});

/** A registered passkey: the credential's id and COSE public key (base64url), its signature counter and its name. */
export const passkeys = sqliteTable(
  "passkeys",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    credentialId: text("credential_id").notNull().unique(),
    publicKey: text("public_key").notNull(),
    counter: integer("counter").notNull().default(0),
    /** JSON array of the transports the browser reported (e.g. "internal", "hybrid"), or null. */
    transports: text("transports", { mode: "json" }).$type<string[] | null>(),
    name: text("name").notNull(),
    createdAt: createdAt(),
    lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }),
  },
  (table) => [index("passkeys_user_idx").on(table.userId, table.createdAt)],
);

export const PASSKEY_CHALLENGE_PURPOSES = ["register", "authenticate"] as const;

/** One-time ceremony challenges (5 minutes): a registration's is bound to its user; a sign-in's to no one yet. */
export const passkeyChallenges = sqliteTable(
  "passkey_challenges",
  {
    challenge: text("challenge").primaryKey(),
    purpose: text("purpose", { enum: PASSKEY_CHALLENGE_PURPOSES }).notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [index("passkey_challenges_expires_idx").on(table.expiresAt)],
);

// Two-factor sign-in (docs/decisions/0015-two-factor.md).

/** One TOTP secret per account: pending until confirmed with a code (enabledAt), encrypted at rest. */
export const twoFactor = sqliteTable("two_factor", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** AES-GCM ciphertext of the base32 secret (worker/services/auth/two-factor/secret-box.ts), never the secret itself. */
  secretCiphertext: text("secret_ciphertext").notNull(),
  enabledAt: integer("enabled_at", { mode: "timestamp_ms" }),
  /** The 30-second step of the last code accepted: a code of that step (or an earlier one) is a replay. */
  lastUsedStep: integer("last_used_step"),
  createdAt: createdAt(),
});

/** The ten one-time backup codes of an account, peppered-hashed; each works once. */
export const twoFactorBackupCodes = sqliteTable(
  "two_factor_backup_codes",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull().unique(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (table) => [index("two_factor_backup_codes_user_idx").on(table.userId)],
);

/** What a completed challenge leads to: a session, or a session that goes on to choose a new password. */
export const TWO_FACTOR_CHALLENGE_PURPOSES = ["sign_in", "recovery"] as const;

/** The step between a first factor and the code: single use, 5 minutes, 5 attempts. */
export const twoFactorChallenges = sqliteTable("two_factor_challenges", {
  id: text("id").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  tokenHash: text("token_hash").notNull().unique(),
  purpose: text("purpose", { enum: TWO_FACTOR_CHALLENGE_PURPOSES }).notNull(),
  attempts: integer("attempts").notNull().default(0),
  createdAt: createdAt(),
  expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  usedAt: integer("used_at", { mode: "timestamp_ms" }),
});

// Credentials and codes (docs/decisions/0017-credentials-and-codes.md).

/**
 * Sessions started by a password-recovery link: for 10 minutes after `verifiedAt` such a session may set a new
 * password without the old one. A row is used once, and goes with its account.
 */
export const recoveredSessions = sqliteTable("recovered_sessions", {
  familyId: text("family_id").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  verifiedAt: integer("verified_at", { mode: "timestamp_ms" }).notNull(),
});

// Translator controls: saving history, favourites and glossaries (docs/decisions/0020-translator-controls.md).

/** A user's translator settings; no row means the defaults (history is saved). */
export const translatorSettings = sqliteTable("translator_settings", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** Off: translations are not written to history at all. */
  saveHistory: integer("save_history", { mode: "boolean" }).notNull().default(true),
});

/** History entries the user starred: they are kept past the account's retention period. */
export const translationFavourites = sqliteTable(
  "translation_favourites",
  {
    translationId: text("translation_id")
      .primaryKey()
      .references(() => translations.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [index("translation_favourites_user_idx").on(table.userId)],
);

/** One glossary entry: for this user and language pair, `term` is always translated as `translation`. */
export const glossaryTerms = sqliteTable(
  "glossary_terms",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sourceLang: text("source_lang").notNull(),
    targetLang: text("target_lang").notNull(),
    term: text("term").notNull(),
    translation: text("translation").notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("glossary_terms_pair_term_idx").on(table.userId, table.sourceLang, table.targetLang, table.term)],
);

// Newsletters (docs/decisions/0022-studio-audience.md).

export const NEWSLETTER_STATUSES = ["draft", "sending", "sent"] as const;

/** A newsletter in Markdown; `origin` is the site address its links use, fixed when sending starts. */
export const newsletters = sqliteTable(
  "newsletters",
  {
    id: text("id").primaryKey(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    status: text("status", { enum: NEWSLETTER_STATUSES }).notNull().default("draft"),
    origin: text("origin"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
    sendStartedAt: integer("send_started_at", { mode: "timestamp_ms" }),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
  },
  (table) => [index("newsletters_status_idx").on(table.status, table.createdAt)],
);

/**
 * One row per newsletter and subscriber, claimed before the mail goes out: a resumed send skips every claimed
 * subscriber, so nobody is mailed twice. "sending" is a claim whose mail was not yet confirmed sent.
 */
export const newsletterDeliveries = sqliteTable(
  "newsletter_deliveries",
  {
    newsletterId: text("newsletter_id")
      .notNull()
      .references(() => newsletters.id, { onDelete: "cascade" }),
    subscriptionId: text("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["sending", "sent"] })
      .notNull()
      .default("sending"),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.newsletterId, table.subscriptionId] })],
);
// Studio inbox and live chat (docs/decisions/0021-studio-inbox.md, docs/product.md#studio).

export const INBOX_KINDS = ["contact", "application", "security", "enterprise", "live-chat"] as const;
export const INBOX_STATUSES = ["open", "answered", "closed"] as const;

/**
 * One conversation in the owner's inbox: a form submission (its row in form_submissions, which goes with it) or a
 * live chat. `language` is the sender's; a live chat's visitor holds it through the hash of their cookie's token.
 */
export const inboxThreads = sqliteTable(
  "inbox_threads",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: INBOX_KINDS }).notNull(),
    submissionId: text("submission_id").references(() => formSubmissions.id, { onDelete: "cascade" }),
    name: text("name"),
    email: text("email"),
    language: text("language"),
    status: text("status", { enum: INBOX_STATUSES }).notNull().default("open"),
    unread: integer("unread", { mode: "boolean" }).notNull().default(true),
    notes: text("notes").notNull().default(""),
    visitorTokenHash: text("visitor_token_hash").unique(),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [index("inbox_threads_updated_idx").on(table.updatedAt), index("inbox_threads_email_idx").on(table.email)],
);

/**
 * The messages of a thread, both ways. `translation` is the text for the other side (the owner's language for a
 * sender's message, the sender's for the owner's); `delivery` says how an owner's message left (or that it is a
 * draft kept after a mail failure, with `error`).
 */
export const inboxMessages = sqliteTable(
  "inbox_messages",
  {
    id: text("id").primaryKey(),
    threadId: text("thread_id")
      .notNull()
      .references(() => inboxThreads.id, { onDelete: "cascade" }),
    author: text("author", { enum: ["sender", "owner"] }).notNull(),
    body: text("body").notNull(),
    language: text("language"),
    translation: text("translation"),
    translationLanguage: text("translation_language"),
    delivery: text("delivery", { enum: ["received", "email", "live", "kept", "draft"] }).notNull(),
    error: text("error"),
    createdAt: createdAt(),
  },
  (table) => [index("inbox_messages_thread_idx").on(table.threadId, table.createdAt)],
);

/** The Studio's own settings, one row each (the owner's reading language, the inbox's retention). */
export const studioSettings = sqliteTable("studio_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

// LibreTranslate-compatible API (docs/decisions/0019-libretranslate-api.md).

/**
 * An account's API keys for /lt: only the SHA-256 of the key is kept (the key is shown once). Each key carries its
 * own limits and counts its use in place: requests in the current minute and characters in the current day.
 */
export const apiKeys = sqliteTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    keyHash: text("key_hash").notNull().unique(),
    /** The key's first characters, so that its owner can tell keys apart (not enough to guess the rest). */
    prefix: text("prefix").notNull(),
    requestsPerMinute: integer("requests_per_minute").notNull(),
    charsPerDay: integer("chars_per_day").notNull(),
    minuteStart: integer("minute_start").notNull().default(0),
    minuteCount: integer("minute_count").notNull().default(0),
    dayStart: integer("day_start").notNull().default(0),
    dayChars: integer("day_chars").notNull().default(0),
    createdAt: createdAt(),
    lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }),
  },
  (table) => [index("api_keys_user_idx").on(table.userId, table.createdAt)],
);

/**
 * A translated file waiting for its download (/lt/translate_file answers a URL, as LibreTranslate does). The file is
 * AES-GCM ciphertext whose key exists only in that URL; the row goes at the first download or after 10 minutes.
 */
export const translatedFiles = sqliteTable(
  "translated_files",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    iv: text("iv").notNull(),
    ciphertext: blob("ciphertext", { mode: "buffer" }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [index("translated_files_expires_idx").on(table.expiresAt)],
);

// Bot protection (docs/decisions/0018-bot-protection.md).

/** ALTCHA challenges already used, by nonce: a proof is accepted once. Pruned by the cron after `expiresAt`. */
export const spentProofChallenges = sqliteTable(
  "spent_proof_challenges",
  {
    nonce: text("nonce").primaryKey(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [index("spent_proof_challenges_expires_idx").on(table.expiresAt)],
);
