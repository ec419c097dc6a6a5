// The inbox list a page at a time (docs/product.md#studio): newest first, 50 a page, a status filter kept across
// pages, and a page number out of range showing the nearest real page.
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { inboxThreads } from "@worker/db/schema";
import { THREAD_PAGE_SIZE } from "@worker/services/inbox/threads";
import { getWithCookies, ownerAccount } from "../support/auth";
import { db } from "./helpers";

type Page = { threads: { id: string; name: string | null }[]; page: number; pageCount: number };
let owner: Awaited<ReturnType<typeof ownerAccount>>;

beforeAll(async () => {
  owner = await ownerAccount();
  const start = Date.now() + 60_000;
  // Newer than anything the other tests make, so that these are the first closed threads.
  const rows = Array.from({ length: THREAD_PAGE_SIZE + 5 }, (_, i) => ({
    id: crypto.randomUUID(),
    kind: "contact" as const,
    name: `Paging ${i}`,
    status: "closed" as const,
    createdAt: new Date(start + i),
    updatedAt: new Date(start + i),
  }));
  for (let at = 0; at < rows.length; at += 10)
    await db()
      .insert(inboxThreads)
      .values(rows.slice(at, at + 10));
});

async function inboxPage(query: string) {
  const response = await getWithCookies(`/api/studio/inbox?${query}`, owner.cookies);
  expect(response.status).toBe(200);
  return (await response.json()) as Page;
}

describe("the inbox's pages", () => {
  it("lists 50 a page, newest first, keeping the status filter, and clamps a page out of range", async () => {
    const [closed] = await db().select({ n: count() }).from(inboxThreads).where(eq(inboxThreads.status, "closed"));
    const pageCount = Math.ceil((closed?.n ?? 0) / THREAD_PAGE_SIZE);
    const first = await inboxPage("status=closed");
    expect(first).toMatchObject({ page: 1, pageCount });
    expect(first.threads).toHaveLength(THREAD_PAGE_SIZE);
    expect(first.threads[0]?.name).toBe(`Paging ${THREAD_PAGE_SIZE + 4}`);
    const second = await inboxPage("status=closed&page=2");
    expect(second.page).toBe(2);
    expect(second.threads.slice(0, 5).map((thread) => thread.name)).toEqual(["Paging 4", "Paging 3", "Paging 2", "Paging 1", "Paging 0"]);
    expect(second.threads.some((thread) => first.threads.some((seen) => seen.id === thread.id))).toBe(false);
    // Past the end: the last page, with its rows (read again once the total said which page that is).
    const last = await inboxPage(`status=closed&page=${pageCount + 40}`);
    expect(last.page).toBe(pageCount);
    expect(last.threads).toEqual((await inboxPage(`status=closed&page=${pageCount}`)).threads);
    expect(last.threads.length).toBeGreaterThan(0);
    expect((await inboxPage("status=closed&page=nonsense")).page).toBe(1);
  });

  it("shows the pager on the Studio's inbox page, with the filter in its links", async () => {
    const response = await getWithCookies("/studio/inbox?status=closed&page=2", owner.cookies);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('aria-label="Inbox pages"');
    expect(html).toContain("Page 2 / ");
    expect(html).toContain('href="/studio/inbox?status=closed&amp;page=1"');
  });
});
