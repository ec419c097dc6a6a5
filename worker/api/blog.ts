// /api/blog: reading and searching posts, comments for signed-in users, and the owner's editor calls.
// Every write is checked here, on the server: comments need a session, posts need the owner.
import { Hono } from "hono";
import { commentInputSchema, postInputSchema, publishSchema, SAVE_FAILED_MESSAGE } from "@core/schemas/blog";
import { ApiError } from "../lib/errors";
import { requireProof } from "../lib/human-proof";
import { rateLimit } from "../lib/rate-limit";
import { RATE_LIMITS } from "../lib/rate-limit-rules";
import { ownerOnly, requireAuthorOrOwner, requireOwner, requireUser, signedInOnly, viewerIsOwner } from "../lib/permissions";
import { jsonBody, validJson } from "../lib/validate";
import {
  addComment,
  createPost,
  deleteComment,
  deletePost,
  getComment,
  getPostBySlug,
  listComments,
  listPublishedPosts,
  parsePage,
  setPublished,
  updatePost,
} from "../services/blog/posts";
import { isFirstComment } from "../services/bot-protection/first-comment";
import type { AppEnv } from "../types";

type Vars = { var: AppEnv["Variables"] };

const postNotFound = () => new ApiError(404, "not_found", "No such post.");

/** A post the viewer may see: published, or any post for the owner. */
async function visiblePost(c: Vars, slug: string) {
  const post = await getPostBySlug(c.var.db, slug, { includeUnpublished: viewerIsOwner(c) });
  if (!post) throw postNotFound();
  return post;
}

export const blogApi = new Hono<AppEnv>()
  .get("/posts", async (c) => {
    const list = await listPublishedPosts(c.var.db, { q: c.req.query("q"), page: parsePage(c.req.query("page")) });
    return c.json(list);
  })
  .post("/posts", ownerOnly, validJson(postInputSchema), async (c) => {
    const owner = requireOwner(c);
    const values = c.req.valid("json");
    // "draft": true saves it unpublished (docs/product.md#blog); the Studio's posts room publishes or schedules it.
    const draft = ((await jsonBody(c)) as { draft?: unknown }).draft === true;
    const outcome = await createPost(c.var.db, owner.id, values, undefined, undefined, { published: !draft });
    if (!outcome.ok) throw new ApiError(409, "slug_taken", SAVE_FAILED_MESSAGE);
    return c.json({ id: outcome.id, slug: outcome.slug }, 201);
  })
  .get("/posts/:slug", async (c) => {
    const post = await visiblePost(c, c.req.param("slug"));
    return c.json({ post });
  })
  .put("/posts/:id", ownerOnly, validJson(postInputSchema), async (c) => {
    const values = c.req.valid("json");
    const updated = await updatePost(c.var.db, c.req.param("id"), values);
    if (!updated) throw postNotFound();
    return c.json({ slug: updated.slug });
  })
  .patch("/posts/:id", ownerOnly, validJson(publishSchema), async (c) => {
    const { published } = c.req.valid("json");
    const updated = await setPublished(c.var.db, c.req.param("id"), published);
    if (!updated) throw postNotFound();
    return c.json(updated);
  })
  .delete("/posts/:id", async (c) => {
    requireOwner(c);
    if (!(await deletePost(c.var.db, c.req.param("id")))) throw postNotFound();
    return c.json({ ok: true as const });
  })
  .get("/posts/:slug/comments", async (c) => {
    const post = await visiblePost(c, c.req.param("slug"));
    return c.json({ comments: await listComments(c.var.db, post.id, c.var.session?.session?.user.id ?? null) });
  })
  .post(
    "/posts/:slug/comments",
    signedInOnly,
    rateLimit(RATE_LIMITS.comment),
    requireProof({ when: (c) => isFirstComment(c.var.db, requireUser(c).id) }),
    validJson(commentInputSchema),
    async (c) => {
      const user = requireUser(c);
      const { content } = c.req.valid("json");
      const post = await visiblePost(c, c.req.param("slug"));
      const comment = await addComment(c.var.db, post.id, user, content);
      return c.json({ comment }, 201);
    },
  )
  .delete("/comments/:id", async (c) => {
    requireUser(c);
    const comment = await getComment(c.var.db, c.req.param("id"));
    if (!comment) throw new ApiError(404, "not_found", "No such comment.");
    // A reader removes their own comments; the owner moderates any.
    requireAuthorOrOwner(c, comment.authorId, "You can only delete your own comments.");
    await deleteComment(c.var.db, comment.id);
    return c.json({ ok: true as const });
  });
