// docs/product.md#accounts: an account's first comment needs the human check; once it has a comment, it has shown
// it is a person and later comments go without (the per-account comment limit still holds).
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { comments } from "../../db/schema";

/** True while the account has no comment (one it deleted counts as none: the next asks for the check again). */
export async function isFirstComment(db: Database, userId: string) {
  const [row] = await db.select({ id: comments.id }).from(comments).where(eq(comments.authorId, userId)).limit(1);
  return !row;
}
