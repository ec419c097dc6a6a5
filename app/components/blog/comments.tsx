// A post's comments (docs/product.md#blog): oldest first, plain text (React escapes it), a box for signed-in users.
// With JavaScript the box calls the API; without, it posts to the post page's action, which answers with the page.
import { MessageSquare, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link, useActionData } from "react-router";
import { IntentField } from "~/components/forms/form-notice";
import { useUser } from "~/components/auth/user-context";
import { blog } from "~/content/blog";
import { apiRequest, errorMessage } from "~/lib/api";
import { notify } from "~/lib/toast";
import { useHydrated } from "~/lib/use-hydrated";
import { COMMENT_MAX, type PublicComment } from "@core/schemas/blog";
import type { FormResult } from "@core/schemas/form-result";
import { formatDateTime, isoDate } from "@core/format";
import { HumanCheck } from "~/components/forms/human-check";
import { PROOF_FIELD } from "@core/bot-protection";

const copy = blog.comments;

/** Names the comment box to the post page's action. */
export const COMMENT_INTENT = "comment";
/** Names a comment's Delete button to the post page's action. */
export const DELETE_COMMENT_INTENT = "delete-comment";

const failedMessage = (reason: string) => `${copy.failed} (${reason})`;

export function Comments({ slug, initial }: { slug: string; initial: PublicComment[] }) {
  const { user, isOwner } = useUser();
  const hydrated = useHydrated();
  // A refused post without JavaScript comes back as the page, with the text kept and the reason.
  const answer = useActionData() as FormResult | undefined;
  const refused = answer?.intent === COMMENT_INTENT && !answer.ok ? answer : undefined;
  const [comments, setComments] = useState(initial);
  const [text, setText] = useState(refused?.values.content ?? "");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(refused ? failedMessage(refused.error.message) : null);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const content = text.trim();
    // An account's first comment needs the human check's proof; the API ignores it for later ones.
    const proof = new FormData(event.currentTarget).get(PROOF_FIELD) ?? undefined;
    if (!content || busy) return;
    setBusy(true);
    setError(null);
    try {
      const { comment } = await apiRequest<{ comment: PublicComment }>(`/blog/posts/${encodeURIComponent(slug)}/comments`, {
        json: { content, [PROOF_FIELD]: proof },
      });
      setComments((list) => [...list, comment]);
      setText("");
    } catch (failure) {
      // The text stays in the box so nothing the reader wrote is lost.
      setError(failedMessage(errorMessage(failure)));
    } finally {
      setBusy(false);
    }
  }

  async function remove(id: string) {
    try {
      await apiRequest(`/blog/comments/${encodeURIComponent(id)}`, { method: "DELETE" });
      setComments((list) => list.filter((comment) => comment.id !== id));
    } catch (failure) {
      notify("error", copy.deleteFailed, errorMessage(failure));
    }
  }

  return (
    <section id="comments" aria-labelledby="comments-heading" className="mt-16 scroll-mt-16 border-t border-slate-200 pt-10">
      <h2 id="comments-heading" className="flex items-center gap-2 text-2xl font-bold text-slate-900">
        <MessageSquare className="size-5" aria-hidden />
        {copy.title}
      </h2>
      {comments.length === 0 ? (
        <p className="mt-4 text-slate-600">{copy.empty}</p>
      ) : (
        <ol className="mt-6 space-y-4" aria-label={copy.title}>
          {comments.map((comment) => (
            <li key={comment.id} className="rounded-xl border border-slate-200 bg-white p-4" data-testid="comment">
              <div className="flex items-center justify-between gap-3 text-sm text-slate-500">
                <span>
                  <span className="font-medium text-slate-800">{comment.mine ? copy.you : comment.authorLabel}</span> ·{" "}
                  <time dateTime={isoDate(comment.createdAt)}>{formatDateTime(comment.createdAt)}</time>
                </span>
                {(comment.mine || isOwner === true) && (
                  // Without JavaScript the form posts to the page's action; with it, the API is called in place.
                  <form
                    method="post"
                    action={`/blog/${encodeURIComponent(slug)}#comments`}
                    onSubmit={(event) => {
                      event.preventDefault();
                      void remove(comment.id);
                    }}
                  >
                    <IntentField intent={DELETE_COMMENT_INTENT} />
                    <input type="hidden" name="id" value={comment.id} />
                    <button type="submit" className="inline-flex items-center gap-1 rounded px-1.5 py-0.5 hover:bg-slate-100 hover:text-slate-800">
                      <Trash2 className="size-3.5" aria-hidden />
                      {copy.delete}
                    </button>
                  </form>
                )}
              </div>
              <p className="mt-2 whitespace-pre-wrap break-words text-slate-800">{comment.content}</p>
            </li>
          ))}
        </ol>
      )}

      {user ? (
        <form method="post" action={`/blog/${encodeURIComponent(slug)}#comments`} onSubmit={submit} className="mt-8" noValidate>
          <IntentField intent={COMMENT_INTENT} />
          <label htmlFor="comment-text" className="label">
            {copy.label}
          </label>
          <textarea
            id="comment-text"
            name="content"
            rows={4}
            value={text}
            maxLength={COMMENT_MAX}
            onChange={(event) => setText(event.target.value)}
            placeholder={copy.placeholder}
            className="input resize-y"
            aria-describedby={error ? "comment-error" : "comment-note"}
          />
          <p id="comment-note" className="mt-1.5 text-sm text-slate-500">
            {copy.plainTextNote}
          </p>
          {error && (
            <p id="comment-error" role="alert" className="field-error">
              {error}
            </p>
          )}
          <HumanCheck className="mt-3 text-slate-600" />
          {/* Without JavaScript the text cannot be checked here: the button stays on and the action answers. */}
          <button type="submit" className="btn-primary mt-4" disabled={hydrated && (busy || !text.trim())}>
            {busy ? copy.posting : copy.submit}
          </button>
        </form>
      ) : (
        <p className="mt-8">
          <Link to={`/auth?next=/blog/${slug}`} className="btn-secondary">
            {copy.signIn}
          </Link>
        </p>
      )}
    </section>
  );
}
