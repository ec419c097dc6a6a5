// One way to page a Studio list: a page number from the address is clamped into the list's pages, so that a stale
// or hand-typed `?page=` shows the nearest real page instead of an empty one.

export type PageWindow = { page: number; pageCount: number; limit: number; offset: number };

export function pageWindow(total: number, requested: number, pageSize: number): PageWindow {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.trunc(requested) || 1), pageCount);
  return { page, pageCount, limit: pageSize, offset: (page - 1) * pageSize };
}
