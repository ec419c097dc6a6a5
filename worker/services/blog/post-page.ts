// What a post's page shows, read in one D1 round trip (docs/decisions/0028-the-d1-round-trip-budget.md): the post and
// its visible comments, the comments found by the post's slug so that neither read waits for the other.
import { eq, sql } from "drizzle-orm";
import type { PublicComment } from "@core/schemas/blog";
import type { Database } from "../../db/client";
import { posts } from "../../db/schema";
import { commentsQuery, type FullPost, fullPostOf, publicComments } from "./posts";

/** The post (unpublished ones only when `includeUnpublished`: the owner) and its comments as `viewerId` sees them. */
export async function readPostPage(
  db: Database,
  slug: string,
  { includeUnpublished, viewerId }: { includeUnpublished: boolean; viewerId: string | null },
): Promise<{ post: FullPost; comments: PublicComment[] } | null> {
  const [[row], commentRows] = await db.batch([
    db.select().from(posts).where(eq(posts.slug, slug)).limit(1),
    commentsQuery(db, sql`(select ${posts.id} from ${posts} where ${posts.slug} = ${slug})`),
  ]);
  const post = fullPostOf(row, includeUnpublished);
  return post ? { post, comments: publicComments(commentRows, viewerId) } : null;
}
