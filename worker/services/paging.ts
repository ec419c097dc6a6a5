// One way to page a list (the blog's and the Studio's): a page number from the address is clamped into the list's
// pages, so that a stale or hand-typed `?page=` shows the nearest real page instead of an empty one. The list's
// total and the page asked for are read in one D1 round trip (docs/decisions/0028-the-d1-round-trip-budget.md).
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../db/client";

export type PageWindow = { page: number; pageCount: number; limit: number; offset: number };

export function pageWindow(total: number, requested: number, pageSize: number): PageWindow {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.trunc(requested) || 1), pageCount);
  return { page, pageCount, limit: pageSize, offset: (page - 1) * pageSize };
}

/** A statement that D1 can run in a batch, and that answers `T` when run alone. */
type Query<T> = BatchItem<"sqlite"> & PromiseLike<T>;

export type ListPage<Row> = { rows: Row[]; total: number; page: number; pageCount: number };

/**
 * The list's total (a `count()` as `n`) and the rows of the page asked for, in one batch. Only a page number past the
 * end needs a second statement, for the last page: the total says which that is.
 */
export async function listPage<Row>(
  db: Database,
  requested: number,
  pageSize: number,
  queries: { total: Query<{ n: number }[]>; rows: (window: { limit: number; offset: number }) => Query<Row[]> },
): Promise<ListPage<Row>> {
  const asked = pageWindow(Number.MAX_SAFE_INTEGER, requested, pageSize);
  const [totals, rows] = (await db.batch([queries.total, queries.rows(asked)])) as unknown as [{ n: number }[], Row[]];
  const total = totals[0]?.n ?? 0;
  const window = pageWindow(total, requested, pageSize);
  return { rows: window.page === asked.page ? rows : await queries.rows(window), total, page: window.page, pageCount: window.pageCount };
}
