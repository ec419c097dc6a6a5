// The comment box's post from a browser without JavaScript (with JavaScript it calls the API): the same session
// check, per-account limit, first-comment human check, schema and service as POST /api/blog/posts/:slug/comments.
import type { RouterContextProvider } from "react-router";
import { commentInputSchema } from "@core/schemas/blog";
import { checkFormProof } from "@worker/lib/human-proof";
import { enforceRateLimit } from "@worker/lib/rate-limit";
import { RATE_LIMITS } from "@worker/lib/rate-limit-rules";
import { addComment, getPostBySlug } from "@worker/services/blog/posts";
import { isFirstComment } from "@worker/services/bot-protection/first-comment";
import { NotFound } from "@worker/services/errors";
import { actionServices, guardFormAction, readFormFields, runFormAction } from "~/lib/form-action.server";
import { requireUser } from "~/lib/permissions.server";
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
