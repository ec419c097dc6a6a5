import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

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
