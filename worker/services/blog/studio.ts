// The Studio's blog rooms (docs/product.md#studio): every post with its state (published, scheduled, draft), the
// schedule the hourly cron carries out, and comment moderation (all comments newest first, hide, delete).
import { and, count, desc, eq, isNotNull, lte, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { comments, posts, users } from "../../db/schema";
import { NotFound } from "../errors";
import { listPage } from "../paging";

export type PostState = "published" | "scheduled" | "draft";
export type StudioPost = {
  id: string;
  slug: string;
  title: string;
  state: PostState;
  createdAt: number;
  updatedAt: number;
  publishAt: number | null;
};

const stateOf = (row: { published: boolean; publishAt: Date | null }): PostState =>
  row.published ? "published" : row.publishAt ? "scheduled" : "draft";

/** Every post, drafts and scheduled ones included, newest first (at most 500: the Studio's list, not an archive). */
export async function listAllPosts(db: Database): Promise<StudioPost[]> {
  const rows = await db
    .select({
      id: posts.id,
      slug: posts.slug,
      title: posts.title,
      published: posts.published,
      publishAt: posts.publishAt,
      createdAt: posts.createdAt,
      updatedAt: posts.updatedAt,
    })
    .from(posts)
    .orderBy(desc(posts.updatedAt), desc(sql`${posts}.rowid`))
    .limit(500);
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    title: row.title,
    state: stateOf(row),
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
    publishAt: row.publishAt?.getTime() ?? null,
  }));
}

/** Takes the post off the site (or out of its schedule) and schedules it for `publishAt`. */
export async function schedulePost(db: Database, id: string, publishAt: number, now = Date.now()) {
  const updated = await db
    .update(posts)
    .set({ published: false, publishAt: new Date(publishAt), updatedAt: new Date(now) })
    .where(eq(posts.id, id))
    .returning({ id: posts.id });
  if (updated.length === 0) throw new NotFound("No such post.");
}

/**
 * The hourly cron's part: publishes every scheduled post whose time has come. Its date becomes the scheduled time,
 * so it lands in the blog's newest-first list where a reader expects it.
 */
export async function publishDuePosts(db: Database, now = Date.now()) {
  const published = await db
    .update(posts)
    .set({ published: true, createdAt: sql`${posts.publishAt}`, updatedAt: new Date(now), publishAt: null })
    .where(and(eq(posts.published, false), isNotNull(posts.publishAt), lte(posts.publishAt, new Date(now))))
    .returning({ id: posts.id });
  return published.length;
}

export const COMMENT_PAGE_SIZE = 50;

export type StudioComment = {
  id: string;
  content: string;
  createdAt: number;
  hidden: boolean;
  authorEmail: string;
  post: { slug: string; title: string };
};

/** Every comment, newest first, with its post and author, a page at a time. */
export async function listAllComments(db: Database, page = 1) {
  const listed = await listPage(db, page, COMMENT_PAGE_SIZE, {
    total: db.select({ n: count() }).from(comments),
    rows: ({ limit, offset }) =>
      db
        .select({
          id: comments.id,
          content: comments.content,
          createdAt: comments.createdAt,
          hiddenAt: comments.hiddenAt,
          authorEmail: users.email,
          slug: posts.slug,
          title: posts.title,
        })
        .from(comments)
        .innerJoin(posts, eq(posts.id, comments.postId))
        .innerJoin(users, eq(users.id, comments.authorId))
        .orderBy(desc(comments.createdAt), desc(sql`${comments}.rowid`))
        .limit(limit)
        .offset(offset),
  });
  const list: StudioComment[] = listed.rows.map((row) => ({
    id: row.id,
    content: row.content,
    createdAt: row.createdAt.getTime(),
    hidden: row.hiddenAt !== null,
    authorEmail: row.authorEmail,
    post: { slug: row.slug, title: row.title },
  }));
  return { comments: list, total: listed.total, page: listed.page, pageCount: listed.pageCount };
}

/** Hides a comment from its post, or shows it again. */
export async function setCommentHidden(db: Database, id: string, hidden: boolean, now = Date.now()) {
  const updated = await db
    .update(comments)
    .set({ hiddenAt: hidden ? new Date(now) : null })
    .where(eq(comments.id, id))
    .returning({ id: comments.id });
  if (updated.length === 0) throw new NotFound("No such comment.");
}
