// The Studio's inbox (docs/product.md#studio): every form submission and live chat, newest first, with status
// filters (in the address: no user text) and a search that is posted (its text never appears in an address).
import { useCallback } from "react";
import { data, Link, useActionData, useRevalidator } from "react-router";
import { inboxSearchSchema, type InboxStatus } from "@core/schemas/inbox";
import type { FormResult } from "@core/schemas/form-result";
import { IntentField } from "~/components/forms/form-notice";
import { useFormAction } from "~/components/forms/use-form-action";
import { INBOX_INTENTS } from "~/components/studio/inbox/intents";
import { StudioPager } from "~/components/studio/pager";
import { InboxSettingsForm } from "~/components/studio/inbox/inbox-settings";
import { STATUS_LABELS } from "~/components/studio/inbox/labels";
import { ThreadList } from "~/components/studio/inbox/thread-list";
import { useStudioEvents } from "~/components/studio/studio-events";
import { clientFormAction } from "~/lib/client-form-action";
import type { ThreadSummary } from "@worker/services/inbox/threads";
import type { Route } from "./+types/inbox";
import { inboxAction, inboxPage } from "./inbox.server";

export const meta: Route.MetaFunction = () => [{ title: "Inbox · Studio" }];

export async function loader(args: Route.LoaderArgs) {
  const { page, headers } = await inboxPage(args);
  return data(page, { headers });
}

export const action = (args: Route.ActionArgs) => inboxAction(args);
export const clientAction = (args: Route.ClientActionArgs) => clientFormAction(args);

const FILTERS: { value: InboxStatus | "all"; label: string }[] = [
  { value: "all", label: "All" },
  ...(Object.keys(STATUS_LABELS) as InboxStatus[]).map((value) => ({ value, label: STATUS_LABELS[value] })),
];

type SearchAnswer = { q: string; threads: ThreadSummary[] };

type Search = ReturnType<typeof useFormAction<SearchAnswer, typeof inboxSearchSchema>>;

function SearchForm({ status, search }: { status: string; search: Search }) {
  const { Form, formProps, intent, errors, values, pending } = search;
  return (
    <Form {...formProps} role="search" aria-label="Search the inbox" className="mt-4 flex flex-wrap items-end gap-2">
      <IntentField intent={intent} />
      <input type="hidden" name="status" value={status} />
      <label className="grow">
        <span className="label">Search names, addresses and messages</span>
        <input name="q" type="search" maxLength={200} className="input" defaultValue={values.q} aria-invalid={errors.q ? true : undefined} />
      </label>
      <button type="submit" className="btn-secondary" disabled={pending}>
        {pending ? "Searching…" : "Search"}
      </button>
      {errors.q && <p className="field-error w-full">{errors.q}</p>}
    </Form>
  );
}

export default function InboxPage({ loaderData }: Route.ComponentProps) {
  const { threads, unread, settings, status, page, pageCount } = loaderData;
  const filterLink = (to: number) => `?${new URLSearchParams({ ...(status === "all" ? {} : { status }), page: String(to) })}`;
  const revalidator = useRevalidator();
  useStudioEvents(useCallback(() => void revalidator.revalidate(), [revalidator]));
  const actionData = useActionData() as FormResult<unknown> | undefined;
  const search = useFormAction<SearchAnswer, typeof inboxSearchSchema>({
    intent: INBOX_INTENTS.search,
    schema: inboxSearchSchema,
    answers: "form",
    resetOnSuccess: false,
  });
  const shown = search.result?.ok ? search.result.data : null;
  return (
    <section aria-labelledby="inbox-heading">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 id="inbox-heading" className="heading-2">
          Inbox
        </h1>
        <p className="text-sm text-slate-600">{unread === 1 ? "1 unread conversation" : `${unread} unread conversations`}</p>
      </div>
      <nav aria-label="Filter by status" className="mt-4 flex flex-wrap gap-1">
        {FILTERS.map((filter) => (
          <Link
            key={filter.value}
            to={filter.value === "all" ? "/studio/inbox" : `/studio/inbox?status=${filter.value}`}
            aria-current={status === filter.value ? "page" : undefined}
            className={`rounded-lg px-3 py-1.5 text-sm font-medium ${status === filter.value ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100"}`}
          >
            {filter.label}
          </Link>
        ))}
      </nav>
      <SearchForm status={status} search={search} />
      {shown ? (
        <>
          <p className="mt-4 text-sm text-slate-700" role="status">
            {shown.threads.length === 1 ? "1 conversation matches." : `${shown.threads.length} conversations match.`}{" "}
            <Link to={status === "all" ? "/studio/inbox" : `/studio/inbox?status=${status}`} className="font-medium text-brand-700 underline">
              Show all
            </Link>
          </p>
          <ThreadList threads={shown.threads} empty="Nothing matches that search." />
        </>
      ) : (
        <>
          <ThreadList threads={threads} empty="No conversations here yet." />
          <StudioPager label="Inbox pages" page={page} pageCount={pageCount} pageLink={filterLink} />
        </>
      )}
      <InboxSettingsForm
        settings={settings}
        intent={INBOX_INTENTS.settings}
        key={actionData?.intent === INBOX_INTENTS.settings ? "answered" : "first"}
      />
    </section>
  );
}
