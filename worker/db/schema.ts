import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

const createdAt = () => integer("created_at", { mode: "timestamp_ms" }).notNull().default(sql`(unixepoch('subsec') * 1000)`);

/** Newsletter / waitlist sign-ups. One row per address: a repeat sign-up is a success that changes nothing. */
export const subscriptions = sqliteTable("subscriptions", {
  id: text("id").primaryKey(),
  email: text("email").notNull().unique(),
  userId: text("user_id"),
  page: text("page"),
  utm: text("utm"),
  createdAt: createdAt(),
});

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
export const ONE_TIME_PURPOSES = ["signup", "magiclink", "recovery", "otp", "account_delete", "email_change"] as const;
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
  },
  (table) => [index("posts_published_created_idx").on(table.published, table.createdAt), index("posts_author_idx").on(table.authorId)],
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
  },
  (table) => [index("comments_post_idx").on(table.postId, table.createdAt), index("comments_author_idx").on(table.authorId, table.createdAt)],
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
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
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
    createdAt: createdAt(),
  },
  (table) => [
    index("messages_conversation_created_idx").on(table.conversationId, table.createdAt),
    index("messages_user_role_created_idx").on(table.userId, table.role, table.createdAt),
    uniqueIndex("messages_turn_role_idx").on(table.conversationId, table.turnId, table.role),
  ],
);

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
