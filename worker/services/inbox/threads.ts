// The owner's inbox (docs/product.md#studio): one thread per form submission or live chat, newest first, with its
// status, unread flag and private notes. Every function here is for the owner; the routers check that first.
import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { FormData, FormKind } from "@core/schemas/forms";
import type { InboxKind, InboxStatus } from "@core/schemas/inbox";
import type { Database } from "../../db/client";
import { formSubmissions, inboxMessages, inboxThreads } from "../../db/schema";
import { NotFound } from "../errors";
import { listPage } from "../paging";

export type ThreadRow = typeof inboxThreads.$inferSelect;
export type MessageRow = typeof inboxMessages.$inferSelect;

/** A contact message about sales is the enterprise enquiry (the topic reads "Sales & enterprise"). */
export function inboxKindOf(kind: FormKind, data: FormData<FormKind>): InboxKind {
  return kind === "contact" && (data as FormData<"contact">).category === "sales" ? "enterprise" : kind;
}

/** The inserts that put a new submission in the inbox, for the same batch as the submission itself. */
export function submissionThreadInserts(db: Database, submission: { id: string; kind: FormKind; data: FormData<FormKind>; at?: Date }) {
  const { id, kind, data } = submission;
  const at = submission.at ?? new Date();
  const name = (data as { name?: string | null }).name ?? null;
  const message = (data as { message?: string | null }).message ?? "";
  return [
    db.insert(inboxThreads).values({ id, kind: inboxKindOf(kind, data), submissionId: id, name, email: data.email, createdAt: at, updatedAt: at }),
    db.insert(inboxMessages).values({ id, threadId: id, author: "sender", body: message, delivery: "received", createdAt: at }),
  ] as const;
}

export type ThreadFilter = { status?: InboxStatus | "all"; query?: string };

/** The outer thread's id inside a subquery (drizzle leaves a column of the selected table unqualified there). */
const outerThreadId = sql.raw(`"inbox_threads"."id"`);

/** LIKE with the user's % and _ taken literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

function filterWhere({ status, query }: ThreadFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (status && status !== "all") conditions.push(eq(inboxThreads.status, status));
  if (query?.trim()) {
    const pattern = likePattern(query.trim());
    conditions.push(
      or(
        sql`${inboxThreads.name} like ${pattern} escape '\\'`,
        sql`${inboxThreads.email} like ${pattern} escape '\\'`,
        sql`exists (select 1 from ${inboxMessages} m where m.thread_id = ${outerThreadId} and (m.body like ${pattern} escape '\\' or m.translation like ${pattern} escape '\\'))`,
      ) as SQL,
    );
  }
  return conditions.length ? and(...conditions) : undefined;
}

export type ThreadSummary = Pick<ThreadRow, "id" | "kind" | "name" | "email" | "language" | "status" | "unread"> & {
  updatedAt: number;
  preview: string;
};

const PREVIEW_LENGTH = 140;
/** A search shows at most this many matches, newest first. */
export const THREAD_SEARCH_LIMIT = 100;
/** The inbox list, a page at a time. */
export const THREAD_PAGE_SIZE = 50;

function threadsQuery(db: Database, filter: ThreadFilter, limit: number, offset = 0) {
  return db
    .select({
      id: inboxThreads.id,
      kind: inboxThreads.kind,
      name: inboxThreads.name,
      email: inboxThreads.email,
      language: inboxThreads.language,
      status: inboxThreads.status,
      unread: inboxThreads.unread,
      updatedAt: inboxThreads.updatedAt,
      preview: sql<
        string | null
      >`(select substr(m.body, 1, ${PREVIEW_LENGTH}) from ${inboxMessages} m where m.thread_id = ${outerThreadId} order by m.created_at desc, m.rowid desc limit 1)`,
    })
    .from(inboxThreads)
    .where(filterWhere(filter))
    .orderBy(desc(inboxThreads.updatedAt), desc(sql`${inboxThreads}.rowid`))
    .limit(limit)
    .offset(offset);
}

type ThreadQueryRow = Awaited<ReturnType<typeof threadsQuery>>[number];
const toSummary = (row: ThreadQueryRow): ThreadSummary => ({ ...row, updatedAt: row.updatedAt.getTime(), preview: row.preview ?? "" });

/** The newest threads first, filtered by status and a search of names, addresses and messages (a search's matches). */
export async function listThreads(db: Database, filter: ThreadFilter = {}): Promise<ThreadSummary[]> {
  return (await threadsQuery(db, filter, THREAD_SEARCH_LIMIT)).map(toSummary);
}

/** One page of the inbox, newest first, filtered by status. */
export async function listThreadPage(db: Database, filter: ThreadFilter, page = 1) {
  const listed = await listPage(db, page, THREAD_PAGE_SIZE, {
    total: db.select({ n: count() }).from(inboxThreads).where(filterWhere(filter)),
    rows: ({ limit, offset }) => threadsQuery(db, filter, limit, offset),
  });
  return { threads: listed.rows.map(toSummary), page: listed.page, pageCount: listed.pageCount };
}

export async function unreadCount(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(inboxThreads).where(eq(inboxThreads.unread, true));
  return row?.n ?? 0;
}

export async function findThread(db: Database, id: string): Promise<ThreadRow> {
  const [thread] = await db.select().from(inboxThreads).where(eq(inboxThreads.id, id)).limit(1);
  if (!thread) throw new NotFound("There is no such conversation in the inbox.");
  return thread;
}

/** The submitted form's other fields (company, topic or role, profile link, the page it was sent from). */
export async function findSubmission(db: Database, thread: ThreadRow) {
  if (!thread.submissionId) return null;
  const [row] = await db
    .select({
      company: formSubmissions.company,
      category: formSubmissions.category,
      link: formSubmissions.link,
      page: formSubmissions.page,
    })
    .from(formSubmissions)
    .where(eq(formSubmissions.id, thread.submissionId))
    .limit(1);
  return row ?? null;
}

export function threadMessages(db: Database, threadId: string) {
  return db
    .select()
    .from(inboxMessages)
    .where(eq(inboxMessages.threadId, threadId))
    .orderBy(asc(inboxMessages.createdAt), asc(sql`${inboxMessages}.rowid`));
}

export async function markRead(db: Database, id: string) {
  await db
    .update(inboxThreads)
    .set({ unread: false })
    .where(and(eq(inboxThreads.id, id), eq(inboxThreads.unread, true)));
}

export async function setStatus(db: Database, id: string, status: InboxStatus) {
  await findThread(db, id);
  await db.update(inboxThreads).set({ status }).where(eq(inboxThreads.id, id));
}

export async function saveNotes(db: Database, id: string, notes: string) {
  await findThread(db, id);
  await db.update(inboxThreads).set({ notes }).where(eq(inboxThreads.id, id));
}

/** Stores a thread's sender language once it is known (detected from the first message, or the visitor's browser). */
export async function rememberLanguage(db: Database, id: string, language: string) {
  await db
    .update(inboxThreads)
    .set({ language })
    .where(and(eq(inboxThreads.id, id), sql`${inboxThreads.language} is null`));
}

/** Saves translations made while showing a thread, so each message is translated once per reading language. */
export async function cacheTranslations(
  db: Database,
  updates: { id: string; language: string | null; translation: string | null; target: string }[],
) {
  if (!updates.length) return;
  await db.batch(
    updates.map((update) =>
      db
        .update(inboxMessages)
        .set({ language: update.language, translation: update.translation, translationLanguage: update.target })
        .where(eq(inboxMessages.id, update.id)),
    ) as [never, ...never[]],
  );
}

/** Threads that have had no message for longer than the retention setting go, with their submissions. */
export async function pruneExpiredThreads(db: Database, retentionDays: number, now = Date.now()) {
  const cutoff = new Date(now - retentionDays * 24 * 60 * 60 * 1000);
  const expired = db.select({ id: inboxThreads.submissionId }).from(inboxThreads).where(sql`${inboxThreads.updatedAt} < ${cutoff.getTime()}`);
  const [, , threads] = await db.batch([
    db.delete(formSubmissions).where(inArray(formSubmissions.id, expired)),
    // Rows stored before the inbox existed have no thread: the same age rule.
    db.delete(formSubmissions).where(sql`${formSubmissions.createdAt} < ${cutoff.getTime()}`),
    db.delete(inboxThreads).where(sql`${inboxThreads.updatedAt} < ${cutoff.getTime()}`),
  ]);
  return threads.meta.changes ?? 0;
}
