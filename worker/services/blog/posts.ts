// Blog queries: pure functions over the Database, used by the /api/blog router and the page loaders.
import { and, asc, count, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import { BLOG_PAGE_SIZE, type PostCard, type PostList, type PostValues, type PublicComment } from "@core/schemas/blog";
import type { Database } from "../../db/client";
import { comments, posts, profiles } from "../../db/schema";
import { listPage } from "../paging";
import { RESERVED_SLUGS, randomSlugSuffix, SLUG_ATTEMPTS, slugify } from "./slug";

/** The search box's text: trimmed, and blank means no search (docs/product.md#blog). */
export function normaliseQuery(q: string | null | undefined) {
  return (q ?? "").trim().slice(0, 200);
}

/** ?page= as a whole number of at least 1 (anything else is page 1). */
export function parsePage(value: string | null | undefined) {
  const page = Number.parseInt(value ?? "", 10);
  return Number.isFinite(page) && page >= 1 ? page : 1;
}

/** The query as one FTS5 phrase (quotes doubled), so that it is a substring search like the short path. */
const ftsPhrase = (q: string) => `"${q.replaceAll('"', '""')}"`;
/** Three characters or more make at least one trigram: those use the posts_fts index. */
const usesTrigramIndex = (q: string) => Array.from(q).length >= 3;

/** The short path's case-insensitive partial match on title, content or excerpt: an escaped LIKE scan. */
function likeCondition(q: string): SQL {
  const pattern = `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return sql`(${posts.title} LIKE ${pattern} ESCAPE '\\' OR ${posts.content} LIKE ${pattern} ESCAPE '\\' OR coalesce(${posts.excerpt}, '') LIKE ${pattern} ESCAPE '\\')`;
}

/**
 * The rowids of the published posts a non-blank query matches: a case-insensitive partial match on title, content
 * or excerpt. Three characters or more use the trigram FTS5 index (the whole query as one quoted phrase, so it is
 * a substring search like the short path); posts_fts holds published posts only (migration 0005), so the index
 * alone answers and no row of posts is read to count the matches. Shorter terms cannot form a trigram and fall
 * back to an escaped LIKE scan.
 */
function matchingRowids(q: string): SQL {
  if (usesTrigramIndex(q)) return sql`SELECT rowid FROM posts_fts WHERE posts_fts MATCH ${ftsPhrase(q)}`;
  return sql`SELECT rowid FROM ${posts} WHERE ${posts.published} = 1 AND ${likeCondition(q)}`;
}

const cardColumns = {
  id: posts.id,
  slug: posts.slug,
  title: posts.title,
  excerpt: posts.excerpt,
  coverUrl: posts.coverUrl,
  createdAt: posts.createdAt,
  tags: posts.tags,
};

type CardRow = { id: string; slug: string; title: string; excerpt: string | null; coverUrl: string | null; createdAt: Date; tags: string[] | null };
const toCard = (row: CardRow): PostCard => ({ ...row, createdAt: row.createdAt.getTime() });

type SearchRow = {
  total: number;
  id: string | null;
  slug: string;
  title: string;
  excerpt: string | null;
  cover_url: string | null;
  created_at: number;
  tags: string | null;
};
const searchRowToCard = (row: SearchRow & { id: string }): PostCard => ({
  id: row.id,
  slug: row.slug,
  title: row.title,
  excerpt: row.excerpt,
  coverUrl: row.cover_url,
  createdAt: new Date(row.created_at).getTime(),
  tags: row.tags === null ? null : (JSON.parse(row.tags) as string[]),
});

/**
 * One search page and the exact total in a single statement: the matches are found once (materialized) and
 * counted; the page walks posts newest first along posts_published_created_idx, keeping the matches, and stops
 * after 9. The total comes even when the page is empty.
 */
async function searchPage(db: Database, q: string, page: number) {
  const rows = await db.all<SearchRow>(sql`
    WITH m(rid) AS MATERIALIZED (${matchingRowids(q)})
    SELECT t.total, pg.id, pg.slug, pg.title, pg.excerpt, pg.cover_url, pg.created_at, pg.tags
    FROM (SELECT count(*) AS total FROM m) t
    LEFT JOIN (
      SELECT p.rowid AS rid, p.id, p.slug, p.title, p.excerpt, p.cover_url, p.created_at, p.tags
      FROM ${posts} p WHERE p.published = 1 AND p.rowid IN m
      ORDER BY p.created_at DESC, p.rowid DESC
      LIMIT ${BLOG_PAGE_SIZE} OFFSET ${(page - 1) * BLOG_PAGE_SIZE}
    ) pg ON 1
    ORDER BY pg.created_at DESC, pg.rid DESC`);
  const total = rows[0]?.total ?? 0;
  return { total, posts: rows.filter((row): row is SearchRow & { id: string } => row.id !== null).map(searchRowToCard) };
}

const pageCountOf = (total: number) => Math.max(1, Math.ceil(total / BLOG_PAGE_SIZE));

/** One page of published posts, newest first, 9 a page; a page past the end shows the last one. */
export async function listPublishedPosts(db: Database, options: { q?: string | null; page?: number } = {}): Promise<PostList> {
  const q = normaliseQuery(options.q);
  const requested = Math.max(1, Math.floor(options.page ?? 1));
  if (q) {
    let found = await searchPage(db, q, requested);
    const pageCount = pageCountOf(found.total);
    // Past the end: the total is known now, so fetch the last page (a rare second statement).
    if (requested > pageCount && found.total > 0) found = await searchPage(db, q, pageCount);
    return { posts: found.posts, total: found.total, page: Math.min(requested, pageCount), pageCount, q };
  }
  const where = eq(posts.published, true);
  const listed = await listPage(db, requested, BLOG_PAGE_SIZE, {
    total: db.select({ n: count() }).from(posts).where(where),
    rows: ({ limit, offset }) =>
      db
        .select(cardColumns)
        .from(posts)
        .where(where)
        .orderBy(desc(posts.createdAt), desc(sql`${posts}.rowid`))
        .limit(limit)
        .offset(offset),
  });
  return { posts: listed.rows.map(toCard), total: listed.total, page: listed.page, pageCount: listed.pageCount, q };
}

export type FullPost = PostCard & { content: string; updatedAt: number; canonicalUrl: string | null; authorId: string; published: boolean };

/** A post by slug; unpublished ones only when `includeUnpublished` (the owner). */
export async function getPostBySlug(db: Database, slug: string, { includeUnpublished = false } = {}): Promise<FullPost | null> {
  return fullPostOf(await db.query.posts.findFirst({ where: eq(posts.slug, slug) }), includeUnpublished);
}

/** A posts row as a FullPost; null when there is none, or it is unpublished and `includeUnpublished` is off. */
export function fullPostOf(row: typeof posts.$inferSelect | undefined, includeUnpublished: boolean): FullPost | null {
  if (!row || (!row.published && !includeUnpublished)) return null;
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    coverUrl: row.coverUrl,
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
    tags: row.tags,
    content: row.content,
    canonicalUrl: row.canonicalUrl,
    authorId: row.authorId,
    published: row.published,
  };
}

export async function getPostById(db: Database, id: string) {
  return (await db.query.posts.findFirst({ where: eq(posts.id, id) })) ?? null;
}

export type CreateOutcome = { ok: true; id: string; slug: string } | { ok: false };

/**
 * Inserts a post, published unless saved as a draft. The slug comes from the title; when it is taken (or names a screen such
 * as /blog/new) a random six-character suffix is tried, 3 attempts in all (docs/product.md#blog).
 */
export async function createPost(
  db: Database,
  authorId: string,
  values: PostValues,
  suffix: () => string = randomSlugSuffix,
  now = Date.now(),
  { published = true } = {},
): Promise<CreateOutcome> {
  const base = slugify(values.title);
  for (let attempt = 0; attempt < SLUG_ATTEMPTS; attempt++) {
    const slug = attempt === 0 && !RESERVED_SLUGS.has(base) ? base : `${base}-${suffix()}`;
    const id = crypto.randomUUID();
    const inserted = await db
      .insert(posts)
      .values({ id, slug, authorId, published, createdAt: new Date(now), updatedAt: new Date(now), ...values })
      .onConflictDoNothing({ target: posts.slug })
      .returning({ id: posts.id });
    if (inserted.length) return { ok: true, id, slug };
  }
  return { ok: false };
}

/** Saves an edit. The slug stays, so links to the post keep working. */
export async function updatePost(db: Database, id: string, values: PostValues, now = Date.now()) {
  const updated = await db
    .update(posts)
    .set({ ...values, updatedAt: new Date(now) })
    .where(eq(posts.id, id))
    .returning({ slug: posts.slug });
  return updated[0] ?? null;
}

/** Publishes or unpublishes at once; either way a schedule the post had is dropped. */
export async function setPublished(db: Database, id: string, published: boolean, now = Date.now()) {
  const updated = await db
    .update(posts)
    .set({ published, publishAt: null, updatedAt: new Date(now) })
    .where(eq(posts.id, id))
    .returning({ slug: posts.slug, published: posts.published });
  return updated[0] ?? null;
}

export async function deletePost(db: Database, id: string) {
  const deleted = await db.delete(posts).where(eq(posts.id, id)).returning({ id: posts.id });
  return deleted.length > 0;
}

/** The newest published posts, for the RSS feed and the sitemap. */
export async function latestPublished(db: Database, limit: number) {
  const rows = await db
    .select({
      slug: posts.slug,
      title: posts.title,
      excerpt: posts.excerpt,
      createdAt: posts.createdAt,
      updatedAt: posts.updatedAt,
      tags: posts.tags,
    })
    .from(posts)
    .where(eq(posts.published, true))
    .orderBy(desc(posts.createdAt), desc(sql`${posts}.rowid`))
    .limit(limit);
  return rows;
}

export const COMMENT_AUTHOR_LABELS = { owner: "Parley team", reader: "Reader" } as const;

/** A post's comments, oldest first; hidden ones are left out (docs/product.md#blog). Authors are shown by role, never by address. */
export async function listComments(db: Database, postId: string, viewerId: string | null): Promise<PublicComment[]> {
  return publicComments(await commentsQuery(db, postId), viewerId);
}

/** The visible comments of a post (its id, or SQL that selects it), oldest first, as rows for publicComments. */
export function commentsQuery(db: Database, postId: string | SQL) {
  return db
    .select({
      id: comments.id,
      content: comments.content,
      createdAt: comments.createdAt,
      authorId: comments.authorId,
      isOwner: sql<number>`coalesce(${profiles.isOwner}, 0)`,
    })
    .from(comments)
    .leftJoin(profiles, eq(profiles.id, comments.authorId))
    .where(and(eq(comments.postId, postId), isNull(comments.hiddenAt)))
    .orderBy(asc(comments.createdAt), asc(sql`${comments}.rowid`))
    .limit(500);
}

type CommentRow = Awaited<ReturnType<typeof commentsQuery>>[number];

export function publicComments(rows: CommentRow[], viewerId: string | null): PublicComment[] {
  return rows.map((row) => ({
    id: row.id,
    content: row.content,
    createdAt: row.createdAt.getTime(),
    authorLabel: row.isOwner ? COMMENT_AUTHOR_LABELS.owner : COMMENT_AUTHOR_LABELS.reader,
    mine: viewerId !== null && row.authorId === viewerId,
  }));
}

export async function addComment(
  db: Database,
  postId: string,
  author: { id: string; isOwner: boolean },
  content: string,
  now = Date.now(),
): Promise<PublicComment> {
  const id = crypto.randomUUID();
  await db.insert(comments).values({ id, postId, authorId: author.id, content, createdAt: new Date(now) });
  return { id, content, createdAt: now, authorLabel: author.isOwner ? COMMENT_AUTHOR_LABELS.owner : COMMENT_AUTHOR_LABELS.reader, mine: true };
}

export async function getComment(db: Database, id: string) {
  return (await db.query.comments.findFirst({ where: eq(comments.id, id) })) ?? null;
}

export async function deleteComment(db: Database, id: string) {
  await db.delete(comments).where(eq(comments.id, id));
}
