// One newsletter in the Studio (docs/product.md#studio): edit the draft, preview it with the blog's sanitizer, mail
// a test to yourself, send it to the confirmed subscribers in batches with progress. With JavaScript the page keeps
// asking for the next batch until none is left; without, "Continue sending" does, and the hourly cron also resumes
// any send left unfinished (docs/decisions/0022-studio-audience.md).
import { useEffect, useState } from "react";
import { data, Form, redirect, useActionData, useFetcher } from "react-router";
import type { FormResult } from "@core/schemas/form-result";
import { NEWSLETTER_BODY_MAX, NEWSLETTER_SUBJECT_MAX, newsletterSchema } from "@core/schemas/studio";
import * as z from "zod/mini";
import { MarkdownPreview } from "~/components/blog/markdown-preview";
import proseHref from "~/components/blog/prose.css?url";
import { FormNotice, IntentField } from "~/components/forms/form-notice";
import { TextAreaField, TextField } from "~/components/forms/fields";
import { newsletterCopy as copy } from "~/components/studio/newsletter-copy";
import { StudioHeading } from "~/components/studio/row-action";
import { requireOwner } from "~/lib/permissions.server";
import { sessionHeaders } from "~/lib/session.server";
import { useHydrated } from "~/lib/use-hydrated";
import { database } from "@worker/db/client";
import { workerEnv } from "@worker/load-context";
import { enforceRateLimit } from "@worker/lib/rate-limit";
import { RATE_LIMITS } from "@worker/lib/rate-limit-rules";
import { renderMarkdown } from "@worker/services/blog/markdown";
import { deleteNewsletter, getNewsletter, updateNewsletter } from "@worker/services/newsletters/newsletters";
import { type SendProgress, sendNewsletterTest, sendNextBatch, sendProgress, startSending } from "@worker/services/newsletters/sending";
import type { Route } from "./+types/newsletter";
import { studioAction, studioForm } from "./studio-action.server";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: proseHref }];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const resolved = await requireOwner({ request, context });
  const db = database(workerEnv(context).DB);
  const newsletter = await getNewsletter(db, params.id).catch(() => null);
  if (!newsletter) throw data(null, { status: 404, headers: sessionHeaders(resolved) });
  return data(
    {
      newsletter: { id: newsletter.id, subject: newsletter.subject, body: newsletter.body, status: newsletter.status },
      html: renderMarkdown(newsletter.body),
      progress: await sendProgress(db, newsletter.id),
      ownerEmail: resolved.session.user.email,
    },
    { headers: sessionHeaders(resolved) },
  );
}

const nothing = z.object({});

export const action = (args: Route.ActionArgs) => {
  const id = args.params.id;
  return studioAction(args, {
    save: studioForm(newsletterSchema, async (input, { db }) => {
      await updateNewsletter(db, id, input);
      return { saved: true };
    }),
    test: studioForm(nothing, async (_input, { db, env, owner, origin }) => {
      await enforceRateLimit(db, RATE_LIMITS.newsletterTest, owner.id);
      await sendNewsletterTest(db, env, id, owner.email, origin);
      return { tested: owner.email };
    }),
    send: studioForm(nothing, async (_input, { db, env, origin }) => {
      await startSending(db, id, origin);
      return sendNextBatch(db, env, id);
    }),
    batch: studioForm(nothing, (_input, { db, env }) => sendNextBatch(db, env, id)),
    delete: studioForm(nothing, async (_input, { db }) => {
      await deleteNewsletter(db, id);
      throw redirect("/studio/newsletters");
    }),
  });
};

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.newsletter.subject ?? "Newsletter"} – Studio` }];

/** With JavaScript: asks for the next batch while the newsletter is sending, and stops at the first failure. */
function useKeepSending(sending: boolean) {
  const fetcher = useFetcher<FormResult<SendProgress>>();
  const failed = fetcher.data?.ok === false ? fetcher.data.error.message : null;
  useEffect(() => {
    if (sending && fetcher.state === "idle" && !failed) void fetcher.submit({ intent: "batch" }, { method: "post" });
  }, [sending, fetcher.state, failed, fetcher.submit]);
  return failed;
}

function answerNotice(answer: FormResult | undefined, ownerEmail: string) {
  if (!answer) return null;
  if (!answer.ok) return { kind: "error" as const, title: "Could not do that", description: answer.error.message };
  const words: Record<string, string> = {
    save: "The draft is saved.",
    test: `A test copy went to ${ownerEmail}.`,
    send: "Sending started.",
    batch: "The next batch went out.",
  };
  return { kind: "success" as const, title: "Done", description: words[answer.intent] ?? "Done." };
}

export default function Newsletter({ loaderData }: Route.ComponentProps) {
  const { newsletter, html, progress, ownerEmail } = loaderData;
  const answer = useActionData() as FormResult | undefined;
  const refused = answer && !answer.ok && answer.intent === "save" ? answer : undefined;
  const [body, setBody] = useState(refused?.values.body ?? newsletter.body);
  const hydrated = useHydrated();
  const draft = newsletter.status === "draft";
  const batchError = useKeepSending(hydrated && newsletter.status === "sending");
  const errors = refused?.error.fields ?? {};
  return (
    <section>
      <StudioHeading title={newsletter.subject}>
        <p>{copy.noTracking}</p>
      </StudioHeading>
      <div className="space-y-4">
        <FormNotice notice={answerNotice(answer, ownerEmail)} />
        {batchError && <FormNotice notice={{ kind: "error", title: "Sending paused", description: batchError }} />}
        <p className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800" role="status" data-testid="send-progress">
          {newsletter.status === "draft" && `Draft · ${progress.remaining} confirmed subscribers will receive it.`}
          {newsletter.status === "sending" && `Sending · ${copy.progress(progress.sent, progress.remaining)}`}
          {newsletter.status === "sent" && `Sent · ${copy.done(progress.sent)}`}
        </p>
      </div>

      <div className="mt-6 grid gap-8 lg:grid-cols-2">
        <Form method="post" noValidate className="space-y-5">
          <IntentField intent="save" />
          <TextField
            name="subject"
            label={copy.subject}
            maxLength={NEWSLETTER_SUBJECT_MAX}
            defaultValue={refused?.values.subject ?? newsletter.subject}
            error={errors.subject}
            readOnly={!draft}
          />
          <TextAreaField
            name="body"
            label={copy.body}
            rows={16}
            maxLength={NEWSLETTER_BODY_MAX}
            value={body}
            onChange={(event) => setBody(event.target.value)}
            error={errors.body}
            hint={copy.bodyHint}
            readOnly={!draft}
          />
          {draft && (
            <button type="submit" className="btn-primary">
              {copy.saveDraft}
            </button>
          )}
        </Form>
        <div>
          <h2 className="label">{copy.preview}</h2>
          <div className="rounded-2xl border border-slate-200 bg-white p-6">
            {hydrated && body !== newsletter.body ? (
              <MarkdownPreview markdown={body} emptyText={copy.previewEmpty} />
            ) : (
              // biome-ignore lint/security/noDangerouslySetInnerHtml: renderMarkdown's output (the blog's sanitizer, worker/services/blog/markdown.ts)
              <div className="blog-prose" data-testid="newsletter-preview" dangerouslySetInnerHTML={{ __html: html }} />
            )}
          </div>
        </div>
      </div>

      <div className="mt-8 flex flex-wrap gap-3 border-t border-slate-200 pt-6">
        <Form method="post">
          <IntentField intent="test" />
          <button type="submit" className="btn-secondary">
            {copy.sendTest}
          </button>
        </Form>
        {draft && (
          <Form
            method="post"
            onSubmit={(event) => {
              if (!window.confirm(copy.confirmSend(progress.remaining))) event.preventDefault();
            }}
          >
            <IntentField intent="send" />
            <button type="submit" className="btn-primary" disabled={progress.remaining === 0}>
              {copy.sendAll(progress.remaining)}
            </button>
          </Form>
        )}
        {newsletter.status === "sending" && (
          <Form method="post">
            <IntentField intent="batch" />
            <button type="submit" className="btn-primary">
              {copy.continueSending}
            </button>
          </Form>
        )}
        {newsletter.status !== "sending" && (
          <Form
            method="post"
            onSubmit={(event) => {
              if (!window.confirm("Delete this newsletter?")) event.preventDefault();
            }}
          >
            <IntentField intent="delete" />
            <button type="submit" className="btn-secondary text-red-700">
              Delete
            </button>
          </Form>
        )}
      </div>
    </section>
  );
}
