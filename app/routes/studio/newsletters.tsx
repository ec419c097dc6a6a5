// The Studio's newsletters (docs/product.md#studio): the list, and a new one started in Markdown. Opening one
// (newsletter.tsx) previews, tests and sends it. Owner only, checked by the loader and the action.
import { formatDateTime } from "@core/format";
import { data, Form, Link, redirect, useActionData } from "react-router";
import type { FormResult } from "@core/schemas/form-result";
import { NEWSLETTER_BODY_MAX, NEWSLETTER_SUBJECT_MAX, newsletterSchema } from "@core/schemas/studio";
import { FormNotice, IntentField } from "~/components/forms/form-notice";
import { TextAreaField, TextField } from "~/components/forms/fields";
import { newsletterCopy as copy } from "~/components/studio/newsletter-copy";
import { StudioHeading } from "~/components/studio/row-action";
import { requireOwner } from "~/lib/permissions.server";
import { sessionHeaders } from "~/lib/session.server";
import { database } from "@worker/db/client";
import { workerEnv } from "@worker/load-context";
import { createNewsletter, listNewsletters } from "@worker/services/newsletters/newsletters";
import type { Route } from "./+types/newsletters";
import { studioAction, studioForm } from "./studio-action.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const resolved = await requireOwner({ request, context });
  return data({ newsletters: await listNewsletters(database(workerEnv(context).DB)) }, { headers: sessionHeaders(resolved) });
}

export const action = (args: Route.ActionArgs) =>
  studioAction(args, {
    create: studioForm(newsletterSchema, async (input, { db }) => {
      const { id } = await createNewsletter(db, input);
      throw redirect(`/studio/newsletters/${id}`);
    }),
  });

export const meta: Route.MetaFunction = () => [{ title: "Newsletter – Studio" }];

const STATUS_LABELS = { draft: "Draft", sending: "Sending", sent: "Sent" } as const;

export default function Newsletters({ loaderData }: Route.ComponentProps) {
  const answer = useActionData() as FormResult | undefined;
  const refused = answer && !answer.ok ? answer : undefined;
  const errors = refused?.error.fields ?? {};
  return (
    <section>
      <StudioHeading title="Newsletter">
        <p>{copy.noTracking}</p>
      </StudioHeading>
      {loaderData.newsletters.length > 0 && (
        <ul className="mb-10 divide-y divide-slate-200 rounded-xl border border-slate-200" aria-label="Newsletters">
          {loaderData.newsletters.map((newsletter) => (
            <li key={newsletter.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
              <Link to={`/studio/newsletters/${newsletter.id}`} className="font-medium text-brand-800 hover:underline">
                {newsletter.subject}
              </Link>
              <span className="text-sm text-slate-600">
                {STATUS_LABELS[newsletter.status]} · {formatDateTime(newsletter.sentAt ?? newsletter.updatedAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
      <h2 className="text-xl font-semibold text-slate-900">New newsletter</h2>
      {refused && !refused.error.fields && <FormNotice notice={{ kind: "error", title: "Could not save", description: refused.error.message }} />}
      <Form method="post" noValidate className="mt-4 space-y-5">
        <IntentField intent="create" />
        <TextField
          name="subject"
          label={copy.subject}
          maxLength={NEWSLETTER_SUBJECT_MAX}
          defaultValue={refused?.values.subject}
          error={errors.subject}
        />
        <TextAreaField
          name="body"
          label={copy.body}
          rows={12}
          maxLength={NEWSLETTER_BODY_MAX}
          defaultValue={refused?.values.body}
          error={errors.body}
          hint={copy.bodyHint}
          className="font-mono"
        />
        <button type="submit" className="btn-primary">
          {copy.saveDraft}
        </button>
      </Form>
    </section>
  );
}
