// The Studio's subscriber list (docs/product.md#studio): every address with its status, where it signed up and
// its campaign parameters; search, a CSV export of what the search shows, and delete.
import Papa from "papaparse";
import { and, count, desc, eq, like, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus, subscriptions } from "../../db/schema";
import { NotFound } from "../errors";
import { listPage } from "../paging";

export const SUBSCRIBER_PAGE_SIZE = 50;
/** The export's upper bound: far above the list this site expects, and it keeps one response in memory bounded. */
export const SUBSCRIBER_EXPORT_LIMIT = 50_000;

export type SubscriberFilter = { q?: string | null; status?: string | null };

export type SubscriberRow = {
  id: string;
  email: string;
  status: SubscriptionStatus;
  page: string | null;
  utm: string | null;
  createdAt: number;
  confirmedAt: number | null;
  unsubscribedAt: number | null;
};

export const subscriberStatusOf = (value: string | null | undefined): SubscriptionStatus | null =>
  SUBSCRIPTION_STATUSES.find((status) => status === value) ?? null;

const escapeLike = (q: string) => `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

function whereOf({ q, status }: SubscriberFilter): SQL | undefined {
  const text = (q ?? "").trim().slice(0, 200).toLowerCase();
  const wanted = subscriberStatusOf(status);
  const matches = text
    ? or(
        like(subscriptions.email, escapeLike(text)),
        sql`coalesce(${subscriptions.page}, '') LIKE ${escapeLike(text)} ESCAPE '\\'`,
        sql`coalesce(${subscriptions.utm}, '') LIKE ${escapeLike(text)} ESCAPE '\\'`,
      )
    : undefined;
  return and(matches, wanted ? eq(subscriptions.status, wanted) : undefined);
}

const columns = {
  id: subscriptions.id,
  email: subscriptions.email,
  status: subscriptions.status,
  page: subscriptions.page,
  utm: subscriptions.utm,
  createdAt: subscriptions.createdAt,
  confirmedAt: subscriptions.confirmedAt,
  unsubscribedAt: subscriptions.unsubscribedAt,
};

function rowsQuery(db: Database, filter: SubscriberFilter, limit: number, offset = 0) {
  return db
    .select(columns)
    .from(subscriptions)
    .where(whereOf(filter))
    .orderBy(desc(subscriptions.createdAt), desc(sql`${subscriptions}.rowid`))
    .limit(limit)
    .offset(offset);
}

const toSubscriberRow = (row: Awaited<ReturnType<typeof rowsQuery>>[number]): SubscriberRow => ({
  ...row,
  createdAt: row.createdAt.getTime(),
  confirmedAt: row.confirmedAt?.getTime() ?? null,
  unsubscribedAt: row.unsubscribedAt?.getTime() ?? null,
});

/** One page of subscribers, newest first, with the totals per status for the whole list. */
export async function listSubscribers(db: Database, filter: SubscriberFilter, page = 1) {
  // The page and the totals per status at once: one D1 round trip (docs/decisions/0028-the-d1-round-trip-budget.md).
  const [listed, byStatus] = await Promise.all([
    listPage(db, page, SUBSCRIBER_PAGE_SIZE, {
      total: db.select({ n: count() }).from(subscriptions).where(whereOf(filter)),
      rows: ({ limit, offset }) => rowsQuery(db, filter, limit, offset),
    }),
    db.select({ status: subscriptions.status, n: count() }).from(subscriptions).groupBy(subscriptions.status),
  ]);
  return {
    subscribers: listed.rows.map(toSubscriberRow),
    total: listed.total,
    page: listed.page,
    pageCount: listed.pageCount,
    counts: Object.fromEntries(SUBSCRIPTION_STATUSES.map((status) => [status, byStatus.find((row) => row.status === status)?.n ?? 0])) as Record<
      SubscriptionStatus,
      number
    >,
  };
}

const isoOrEmpty = (time: number | null) => (time === null ? "" : new Date(time).toISOString());

/**
 * The subscribers the filter matches as CSV (RFC 4180, by papaparse). A cell starting with = + - @ is prefixed
 * with ' so a spreadsheet shows it as text instead of running it as a formula (utm and page come from visitors).
 */
export async function subscribersCsv(db: Database, filter: SubscriberFilter) {
  const rows = (await rowsQuery(db, filter, SUBSCRIBER_EXPORT_LIMIT)).map(toSubscriberRow);
  return Papa.unparse(
    {
      fields: ["email", "status", "page", "utm", "subscribed_at", "confirmed_at", "unsubscribed_at"],
      data: rows.map((row) => [
        row.email,
        row.status,
        row.page ?? "",
        row.utm ?? "",
        isoOrEmpty(row.createdAt),
        isoOrEmpty(row.confirmedAt),
        isoOrEmpty(row.unsubscribedAt),
      ]),
    },
    { escapeFormulae: true, newline: "\r\n" },
  );
}

/** Removes the address from the list for good (its newsletter send records go with it). */
export async function deleteSubscriber(db: Database, id: string) {
  const deleted = await db.delete(subscriptions).where(eq(subscriptions.id, id)).returning({ id: subscriptions.id });
  if (deleted.length === 0) throw new NotFound("No such subscriber.");
}
