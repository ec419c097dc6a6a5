// /api/studio: the blog's posts and comments (docs/product.md#studio). Owner only, checked here for every route.
import { Hono } from "hono";
import { commentVisibilitySchema, scheduleSchema } from "@core/schemas/studio";
import { ownerOnly } from "../../lib/permissions";
import { validJson } from "../../lib/validate";
import { deleteComment, getComment } from "../../services/blog/posts";
import { listAllComments, listAllPosts, schedulePost, setCommentHidden } from "../../services/blog/studio";
import { NotFound } from "../../services/errors";
import type { AppEnv } from "../../types";

const pageOf = (value: string | undefined) => Math.max(1, Number.parseInt(value ?? "", 10) || 1);

export const studioModerationApi = new Hono<AppEnv>()
  .use("*", ownerOnly)
  .get("/posts", async (c) => c.json({ posts: await listAllPosts(c.var.db) }))
  .post("/posts/schedule", validJson(scheduleSchema), async (c) => {
    const { id, publishAt } = c.req.valid("json");
    await schedulePost(c.var.db, id, publishAt);
    return c.json({ ok: true as const, publishAt });
  })
  .get("/comments", async (c) => c.json(await listAllComments(c.var.db, pageOf(c.req.query("page")))))
  .post("/comments/visibility", validJson(commentVisibilitySchema), async (c) => {
    const { id, visibility } = c.req.valid("json");
    await setCommentHidden(c.var.db, id, visibility === "hide");
    return c.json({ ok: true as const });
  })
  .delete("/comments/:id", async (c) => {
    const comment = await getComment(c.var.db, c.req.param("id"));
    if (!comment) throw new NotFound("No such comment.");
    await deleteComment(c.var.db, comment.id);
    return c.json({ ok: true as const });
  });
