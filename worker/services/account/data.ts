// The user's data rights (docs/product.md#account-page, #privacy): their settings, a
// copy of everything Parley stores about them, and deleting all of it.
import { asc, eq, or, sql } from "drizzle-orm";
import type { AccountSettings } from "@core/schemas/account";
import type { Database } from "../../db/client";
import {
  comments,
  conversations,
  formSubmissions,
  mailOutbox,
  messages,
  oneTimeTokens,
  posts,
  profiles,
  rateLimits,
  subscriptions,
  translations,
  users,
} from "../../db/schema";
import { sessionDevicesForExport } from "../auth/sessions-list";
import { deleteInboxThreadsOf, inboxThreadsForExport } from "../inbox/personal-data";
import { listApiKeys } from "../api-keys/keys";
import { announceSessionsEnded } from "../auth/session-ends";

export async function findAccount(db: Database, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      passwordHash: users.passwordHash,
      emailConfirmedAt: users.emailConfirmedAt,
      createdAt: users.createdAt,
      isOwner: profiles.isOwner,
      historyRetentionDays: profiles.historyRetentionDays,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

export async function readSettings(db: Database, userId: string): Promise<AccountSettings | null> {
  const account = await findAccount(db, userId);
  return account ? { historyRetentionDays: account.historyRetentionDays ?? null, hasPassword: Boolean(account.passwordHash) } : null;
}

/** Saves the retention setting; the profile row is created if an older account has none. */
export async function saveRetention(db: Database, userId: string, historyRetentionDays: number | null) {
  await db.insert(profiles).values({ id: userId, historyRetentionDays }).onConflictDoUpdate({ target: profiles.id, set: { historyRetentionDays } });
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * Everything stored about the account, as one JSON document. Rows are selected by the user's id, and by
 * their email only for what was submitted with that address (subscription forms, contact forms).
 * Secrets are left out: the password hash, session and emailed tokens are credentials, not the user's data.
 */
export async function exportAccount(db: Database, userId: string, now = new Date()) {
  const account = await findAccount(db, userId);
  if (!account) return null;
  const [conversationRows, messageRows, translationRows, commentRows, postRows, subscriptionRows, formRows] = await Promise.all([
    db.select().from(conversations).where(eq(conversations.userId, userId)).orderBy(asc(conversations.createdAt)),
    // A turn saves its question and answer in the same millisecond: insertion order (rowid) breaks the tie.
    db
      .select()
      .from(messages)
      .where(eq(messages.userId, userId))
      .orderBy(asc(messages.createdAt), asc(sql`${messages}.rowid`)),
    db.select().from(translations).where(eq(translations.userId, userId)).orderBy(asc(translations.createdAt)),
    db
      .select({
        id: comments.id,
        content: comments.content,
        createdAt: comments.createdAt,
        postId: comments.postId,
        postTitle: posts.title,
        postSlug: posts.slug,
      })
      .from(comments)
      .innerJoin(posts, eq(posts.id, comments.postId))
      .where(eq(comments.authorId, userId))
      .orderBy(asc(comments.createdAt)),
    db.select().from(posts).where(eq(posts.authorId, userId)).orderBy(asc(posts.createdAt)),
    db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(asc(subscriptions.createdAt)),
    db.select().from(formSubmissions).where(eq(formSubmissions.email, account.email)).orderBy(asc(formSubmissions.createdAt)),
  ]);

  const messagesByConversation = new Map<string, typeof messageRows>();
  for (const message of messageRows) {
    const list = messagesByConversation.get(message.conversationId) ?? [];
    list.push(message);
    messagesByConversation.set(message.conversationId, list);
  }

  return {
    exportedAt: now.toISOString(),
    account: {
      id: account.id,
      email: account.email,
      created: iso(account.createdAt),
      confirmed: iso(account.emailConfirmedAt),
      signInWithPassword: Boolean(account.passwordHash),
    },
    profile: { isOwner: Boolean(account.isOwner), historyRetentionDays: account.historyRetentionDays ?? null },
    conversations: conversationRows.map((conversation) => ({
      id: conversation.id,
      title: conversation.title,
      titleIsCustom: conversation.titleIsCustom,
      archived: conversation.archived,
      pinned: conversation.pinned,
      created: iso(conversation.createdAt),
      updated: iso(conversation.updatedAt),
      messages: (messagesByConversation.get(conversation.id) ?? []).map((message) => ({
        id: message.id,
        role: message.role,
        content: message.content,
        status: message.status,
        sources: message.sources ?? null,
        created: iso(message.createdAt),
      })),
    })),
    translations: translationRows.map((row) => ({
      id: row.id,
      sourceLang: row.sourceLang,
      targetLang: row.targetLang,
      detectedLang: row.detectedLang,
      input: row.inputText,
      output: row.outputText,
      engine: row.engine,
      created: iso(row.createdAt),
    })),
    comments: commentRows.map((row) => ({
      id: row.id,
      post: { id: row.postId, title: row.postTitle, slug: row.postSlug },
      content: row.content,
      created: iso(row.createdAt),
    })),
    posts: postRows.map((row) => ({
      id: row.id,
      slug: row.slug,
      title: row.title,
      excerpt: row.excerpt,
      coverUrl: row.coverUrl,
      content: row.content,
      tags: row.tags,
      canonicalUrl: row.canonicalUrl,
      published: row.published,
      created: iso(row.createdAt),
      updated: iso(row.updatedAt),
    })),
    subscriptions: subscriptionRows.map((row) => ({
      id: row.id,
      email: row.email,
      status: row.status,
      page: row.page,
      utm: row.utm,
      created: iso(row.createdAt),
    })),
    formSubmissions: formRows.map((row) => ({
      id: row.id,
      kind: row.kind,
      name: row.name,
      email: row.email,
      company: row.company,
      category: row.category,
      link: row.link,
      message: row.message,
      page: row.page,
      created: iso(row.createdAt),
    })),
    signedInDevices: await sessionDevicesForExport(db, userId),
    inboxThreads: await inboxThreadsForExport(db, account.email),
    // What each API key is and how it is limited; the key itself is a credential, and Parley only holds its hash.
    apiKeys: (await listApiKeys(db, userId)).map(({ id, name, prefix, requestsPerMinute, charsPerDay, createdAt, lastUsedAt }) => ({
      id,
      name,
      prefix,
      requestsPerMinute,
      charsPerDay,
      created: iso(new Date(createdAt)),
      lastUsed: lastUsedAt === null ? null : iso(new Date(lastUsedAt)),
    })),
  };
}

export type AccountExport = NonNullable<Awaited<ReturnType<typeof exportAccount>>>;

/**
 * Deletes the account and everything of it, in one D1 batch (a transaction: all or nothing).
 * Deleting the user row cascades to the profile, refresh tokens (every session), one-time tokens,
 * translations, conversations and messages, comments, posts (with the comments under them), API keys and translated
 * files waiting for their download.
 * Rows that hold only the email address are removed by address: subscriptions, form messages, emailed
 * tokens, the development outbox, and rate-limit counters keyed by the address or the user id.
 */
export async function deleteAccount(db: Database, account: { id: string; email: string }) {
  const { id, email } = account;
  await db.batch([
    db.delete(subscriptions).where(or(eq(subscriptions.userId, id), eq(subscriptions.email, email))),
    db.delete(formSubmissions).where(eq(formSubmissions.email, email)),
    deleteInboxThreadsOf(db, email),
    db.delete(oneTimeTokens).where(or(eq(oneTimeTokens.userId, id), eq(oneTimeTokens.email, email))),
    db.delete(mailOutbox).where(eq(mailOutbox.to, email)),
    db
      .delete(rateLimits)
      .where(
        or(sql`substr(${rateLimits.key}, -${email.length + 1}) = ${`:${email}`}`, sql`substr(${rateLimits.key}, -${id.length + 1}) = ${`:${id}`}`),
      ),
    db.delete(users).where(eq(users.id, id)),
  ]);
  await announceSessionsEnded(id, null);
}
