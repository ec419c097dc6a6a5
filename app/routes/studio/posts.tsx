// The Studio's posts (docs/product.md#studio): every post, drafts and scheduled ones included, with edit, publish
// or unpublish, schedule and delete. The hourly cron publishes a scheduled post at its time. Owner only.
import { formatDateTime } from "@core/format";
import { useEffect, useRef } from "react";
import { data, Link, useActionData, useFetcher } from "react-router";
import { rowIdSchema, scheduleSchema, SCHEDULE_MESSAGE } from "@core/schemas/studio";
import type { FormResult } from "@core/schemas/form-result";
import { IntentField } from "~/components/forms/form-notice";
import { RowAction, StudioHeading, StudioNotice } from "~/components/studio/row-action";
import { requireOwner } from "~/lib/permissions.server";
import { notify } from "~/lib/toast";
import { sessionHeaders } from "~/lib/session.server";
import { database } from "@worker/db/client";
import { workerEnv } from "@worker/load-context";
import { deletePost, setPublished } from "@worker/services/blog/posts";
import { listAllPosts, schedulePost, type StudioPost } from "@worker/services/blog/studio";
import { NotFound } from "@worker/services/errors";
import type { Route } from "./+types/posts";
import { studioAction, studioForm } from "./studio-action.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const resolved = await requireOwner({ request, context });
  return data({ posts: await listAllPosts(database(workerEnv(context).DB)) }, { headers: sessionHeaders(resolved) });
}

const found = <T,>(value: T | null | false) => {
  if (!value) throw new NotFound("No such post.");
  return value;
};

export const action = (args: Route.ActionArgs) =>
  studioAction(args, {
    publish: studioForm(rowIdSchema, async ({ id }, { db }) => found(await setPublished(db, id, true))),
    unpublish: studioForm(rowIdSchema, async ({ id }, { db }) => found(await setPublished(db, id, false))),
    schedule: studioForm(scheduleSchema, ({ id, publishAt }, { db }) => schedulePost(db, id, publishAt)),
    delete: studioForm(rowIdSchema, async ({ id }, { db }) => found(await deletePost(db, id))),
  });

export const meta: Route.MetaFunction = () => [{ title: "Posts – Studio" }];

const STATE_LABELS = { published: "Published", scheduled: "Scheduled", draft: "Draft" } as const;
const DONE = {
  publish: "The post is published.",
  unpublish: "The post is now a draft.",
  schedule: "The post is scheduled.",
  delete: "The post was deleted.",
};

/** datetime-local's value for a time, in UTC (the field is labelled UTC). */
const localValue = (ms: number) => new Date(ms).toISOString().slice(0, 16);

function ScheduleForm({ post }: { post: StudioPost }) {
  const fetcher = useFetcher<FormResult>();
  const handled = useRef<FormResult | undefined>(undefined);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data?.ok || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    notify("success", "Post scheduled");
  });
  const page = useActionData() as FormResult | undefined;
  const answer = fetcher.data ?? page;
  const mine = answer && !answer.ok && answer.intent === "schedule" && answer.values.id === post.id ? answer : undefined;
  const inputId = `schedule-${post.id}`;
  return (
    <fetcher.Form method="post" noValidate className="flex flex-wrap items-end gap-2">
      <IntentField intent="schedule" />
      <input type="hidden" name="id" value={post.id} />
      <div>
        <label htmlFor={inputId} className="text-xs font-medium text-slate-700">
          Publish at (UTC)
        </label>
        <input
          id={inputId}
          name="publishAt"
          type="datetime-local"
          className="input py-1 text-sm"
          defaultValue={mine?.values.publishAt ?? (post.publishAt ? localValue(post.publishAt) : "")}
          aria-invalid={mine ? true : undefined}
          aria-describedby={mine ? `${inputId}-error` : undefined}
        />
      </div>
      <button
        type="submit"
        className="rounded-md border border-slate-300 px-2.5 py-1 text-sm font-medium hover:bg-slate-100"
        aria-label={`Schedule: ${post.title}`}
      >
        Schedule
      </button>
      {mine && (
        <p id={`${inputId}-error`} className="field-error w-full" role="alert">
          {mine.error.fields?.publishAt ?? mine.error.message ?? SCHEDULE_MESSAGE}
        </p>
      )}
    </fetcher.Form>
  );
}

export default function Posts({ loaderData }: Route.ComponentProps) {
  return (
    <section>
      <StudioHeading title="Posts">
        <p>Every post, drafts included. A scheduled post is published by the hourly job at its time (UTC).</p>
      </StudioHeading>
      <StudioNotice success={(intent) => DONE[intent as keyof typeof DONE] ?? "Done."} />
      <Link to="/blog/new" className="btn-primary">
        New post
      </Link>
      {loaderData.posts.length === 0 ? (
        <p className="mt-6 text-slate-600">No posts yet.</p>
      ) : (
        <ul className="mt-6 space-y-4" aria-label="Posts">
          {loaderData.posts.map((post) => (
            <li key={post.id} className="rounded-xl border border-slate-200 p-4" data-testid="studio-post">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <Link to={`/blog/${post.slug}`} className="font-semibold text-slate-900 hover:underline">
                  {post.title}
                </Link>
                <span className="text-sm text-slate-600" data-testid="post-state">
                  {STATE_LABELS[post.state]}
                  {post.state === "scheduled" && post.publishAt !== null && ` for ${formatDateTime(post.publishAt)}`}
                  {post.state === "published" && ` · ${formatDateTime(post.createdAt)}`}
                </span>
              </div>
              <div className="mt-3 flex flex-wrap items-end gap-2">
                <Link
                  to={`/blog/${post.slug}/edit`}
                  aria-label={`Edit: ${post.title}`}
                  className="rounded-md border border-slate-300 px-2.5 py-1 text-sm font-medium hover:bg-slate-100"
                >
                  Edit
                </Link>
                {post.state === "published" ? (
                  <RowAction intent="unpublish" id={post.id} label="Unpublish" subject={post.title} done="Post unpublished" />
                ) : (
                  <RowAction intent="publish" id={post.id} label="Publish now" subject={post.title} done="Post published" />
                )}
                <RowAction
                  intent="delete"
                  id={post.id}
                  label="Delete"
                  subject={post.title}
                  done="Post deleted"
                  confirm="Delete this post and its comments? This cannot be undone."
                  tone="danger"
                />
              </div>
              <div className="mt-3">
                <ScheduleForm post={post} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
