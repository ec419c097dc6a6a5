// The Studio's comments (docs/product.md#studio): every comment, newest first, with hide (it disappears from the
// post) or show again, and delete. Owner only, checked by the loader and the action.
import { formatDateTime } from "@core/format";
import { data, Link } from "react-router";
import { commentVisibilitySchema, rowIdSchema } from "@core/schemas/studio";
import { RowAction, StudioHeading, StudioNotice } from "~/components/studio/row-action";
import { requireOwner } from "~/lib/permissions.server";
import { sessionHeaders } from "~/lib/session.server";
import { database } from "@worker/db/client";
import { workerEnv } from "@worker/load-context";
import { deleteComment, getComment } from "@worker/services/blog/posts";
import { listAllComments, setCommentHidden } from "@worker/services/blog/studio";
import { NotFound } from "@worker/services/errors";
import type { Route } from "./+types/comments";
import { studioAction, studioForm } from "./studio-action.server";
import { StudioPager } from "~/components/studio/pager";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const resolved = await requireOwner({ request, context });
  const page = Number.parseInt(url.searchParams.get("page") ?? "", 10) || 1;
  return data(await listAllComments(database(workerEnv(context).DB), page), { headers: sessionHeaders(resolved) });
}

export const action = (args: Route.ActionArgs) =>
  studioAction(args, {
    visibility: studioForm(commentVisibilitySchema, ({ id, visibility }, { db }) => setCommentHidden(db, id, visibility === "hide")),
    delete: studioForm(rowIdSchema, async ({ id }, { db }) => {
      if (!(await getComment(db, id))) throw new NotFound("No such comment.");
      await deleteComment(db, id);
    }),
  });

export const meta: Route.MetaFunction = () => [{ title: "Comments – Studio" }];

export default function Comments({ loaderData }: Route.ComponentProps) {
  const { comments, total, page, pageCount } = loaderData;
  return (
    <section>
      <StudioHeading title="Comments">
        <p>{`${total} ${total === 1 ? "comment" : "comments"}, newest first. A hidden comment no longer shows on its post.`}</p>
      </StudioHeading>
      <StudioNotice success={(intent) => (intent === "delete" ? "The comment was deleted." : "The comment was updated.")} />
      {comments.length === 0 ? (
        <p className="text-slate-600">No comments yet.</p>
      ) : (
        <ol className="space-y-4" aria-label="Comments">
          {comments.map((comment) => (
            <li
              key={comment.id}
              className={`rounded-xl border p-4 ${comment.hidden ? "border-amber-300 bg-amber-50" : "border-slate-200"}`}
              data-testid="studio-comment"
            >
              <p className="text-sm text-slate-600">
                <span className="font-medium text-slate-900">{comment.authorEmail}</span> on{" "}
                <Link to={`/blog/${comment.post.slug}#comments`} className="text-brand-800 hover:underline">
                  {comment.post.title}
                </Link>{" "}
                · {formatDateTime(comment.createdAt)}
                {comment.hidden && <span className="ml-2 rounded-full bg-amber-200 px-2 py-0.5 text-xs font-semibold text-amber-950">Hidden</span>}
              </p>
              <p className="mt-2 whitespace-pre-wrap break-words text-slate-800">{comment.content}</p>
              <div className="mt-3 flex flex-wrap gap-2">
                <RowAction
                  intent="visibility"
                  id={comment.id}
                  fields={{ visibility: comment.hidden ? "show" : "hide" }}
                  label={comment.hidden ? "Show" : "Hide"}
                  subject={`comment by ${comment.authorEmail}`}
                  done={comment.hidden ? "Comment shown" : "Comment hidden"}
                />
                <RowAction
                  intent="delete"
                  id={comment.id}
                  label="Delete"
                  subject={`comment by ${comment.authorEmail}`}
                  done="Comment deleted"
                  confirm="Delete this comment for good?"
                  tone="danger"
                />
              </div>
            </li>
          ))}
        </ol>
      )}
      <StudioPager label="Comment pages" page={page} pageCount={pageCount} pageLink={(to) => `?page=${to}`} />
    </section>
  );
}
