// The comment box's post from a browser without JavaScript (with JavaScript it calls the API): the same session
// check, per-account limit, first-comment human check, schema and service as POST /api/blog/posts/:slug/comments.
import type { RouterContextProvider } from "react-router";
import { commentInputSchema } from "@core/schemas/blog";
import { checkFormProof } from "@worker/lib/human-proof";
import { enforceRateLimit } from "@worker/lib/rate-limit";
import { RATE_LIMITS } from "@worker/lib/rate-limit-rules";
import { addComment, deleteComment, getComment, getPostBySlug } from "@worker/services/blog/posts";
import { rowIdSchema } from "@core/schemas/studio";
import { isFirstComment } from "@worker/services/bot-protection/first-comment";
import { Forbidden, NotFound } from "@worker/services/errors";
import { actionServices, guardFormAction, readFormFields, runFormAction } from "~/lib/form-action.server";
import { requireUser, viewerIsOwner } from "~/lib/permissions.server";
import { sessionHeaders } from "~/lib/session.server";

type Args = { request: Request; context: Readonly<RouterContextProvider>; params: { slug?: string } };

/** Adds the signed-in reader's comment to the post; a visitor is sent to sign in first, and comes back to the post. */
export async function commentAction({ request, context, params }: Args, intent: string) {
  const resolved = await requireUser({ request, context, url: new URL(request.url) });
  const user = resolved.session.user;
  const headers = sessionHeaders(resolved);
  const fields = await readFormFields(request);
  const { env, db } = actionServices(context);
  const refused = await guardFormAction(
    intent,
    fields,
    async () => {
      await enforceRateLimit(db, RATE_LIMITS.comment, user.id);
      if (await isFirstComment(db, user.id)) await checkFormProof(env, db, request, fields, { userId: user.id });
    },
    { headers },
  );
  if (refused) return refused;
  return runFormAction(
    intent,
    fields,
    commentInputSchema,
    async ({ content }) => {
      // Owners may comment on their unpublished posts; anyone else finds none, as from the API.
      const post = await getPostBySlug(db, params.slug ?? "", { includeUnpublished: user.isOwner });
      if (!post) throw new NotFound("No such post.");
      return { comment: await addComment(db, post.id, user, content) };
    },
    { headers },
  );
}

/**
 * Deletes a comment from the post page without JavaScript (with it, the page calls DELETE /api/blog/comments/:id):
 * the author deletes their own; the owner any, as from the API.
 */
export async function deleteCommentAction({ request, context }: Args, intent: string) {
  const resolved = await requireUser({ request, context, url: new URL(request.url) });
  const user = resolved.session.user;
  const headers = sessionHeaders(resolved);
  const fields = await readFormFields(request);
  const { db } = actionServices(context);
  const owner = await viewerIsOwner(resolved, context);
  return runFormAction(
    intent,
    fields,
    rowIdSchema,
    async ({ id }) => {
      const comment = await getComment(db, id);
      if (!comment) throw new NotFound("No such comment.");
      if (comment.authorId !== user.id && !owner) throw new Forbidden("forbidden", "You can only delete your own comments.");
      await deleteComment(db, comment.id);
      return { deleted: comment.id };
    },
    { headers },
  );
}
