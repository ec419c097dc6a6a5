// The Studio's subscribers (docs/product.md#studio): every address with its status, source page and campaign
// parameters; search, CSV export of what the search shows, delete. Owner only, checked by the loader and action.
import { formatDate } from "@core/format";
import { data, Form } from "react-router";
import { rowIdSchema } from "@core/schemas/studio";
import { RowAction, StudioHeading, StudioNotice } from "~/components/studio/row-action";
import { requireOwner } from "~/lib/permissions.server";
import { sessionHeaders } from "~/lib/session.server";
import { database } from "@worker/db/client";
import { workerEnv } from "@worker/load-context";
import { deleteSubscriber, listSubscribers, subscriberStatusOf } from "@worker/services/subscriptions/studio";
import type { Route } from "./+types/subscribers";
import { studioAction, studioForm } from "./studio-action.server";
import { StudioPager } from "~/components/studio/pager";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const resolved = await requireOwner({ request, context });
  const q = (url.searchParams.get("q") ?? "").slice(0, 200);
  const status = subscriberStatusOf(url.searchParams.get("status")) ?? "";
  const page = Number.parseInt(url.searchParams.get("page") ?? "", 10) || 1;
  const list = await listSubscribers(database(workerEnv(context).DB), { q, status }, page);
  return data({ ...list, q, status }, { headers: sessionHeaders(resolved) });
}

export const action = (args: Route.ActionArgs) =>
  studioAction(args, {
    delete: studioForm(rowIdSchema, ({ id }, { db }) => deleteSubscriber(db, id)),
  });

export const meta: Route.MetaFunction = () => [{ title: "Subscribers – Studio" }];

const STATUS_LABELS = { pending: "Pending", confirmed: "Confirmed", unsubscribed: "Unsubscribed" } as const;
const STATUS_TONES = {
  pending: "bg-amber-100 text-amber-900",
  confirmed: "bg-emerald-100 text-emerald-900",
  unsubscribed: "bg-slate-200 text-slate-800",
};

export default function Subscribers({ loaderData }: Route.ComponentProps) {
  const { subscribers, total, page, pageCount, counts, q, status } = loaderData;
  const filter = new URLSearchParams({ ...(q ? { q } : {}), ...(status ? { status } : {}) });
  const pageLink = (to: number) => `?${new URLSearchParams({ ...Object.fromEntries(filter), page: String(to) })}`;
  return (
    <section>
      <StudioHeading title="Subscribers">
        <p>
          {`${counts.confirmed} confirmed · ${counts.pending} pending · ${counts.unsubscribed} unsubscribed.`} Only confirmed addresses receive mail;
          a pending one is forgotten when its 48-hour confirmation link expires.
        </p>
      </StudioHeading>
      <StudioNotice success={() => "The subscriber was deleted."} />
      <Form method="get" className="flex flex-col gap-3 sm:flex-row sm:items-end" role="search">
        <div className="grow">
          <label htmlFor="subscriber-search" className="label">
            Search
          </label>
          <input
            id="subscriber-search"
            name="q"
            type="search"
            defaultValue={q}
            maxLength={200}
            className="input"
            placeholder="Address, page or utm"
          />
        </div>
        <div>
          <label htmlFor="subscriber-status" className="label">
            Status
          </label>
          <select id="subscriber-status" name="status" defaultValue={status} className="input">
            <option value="">All</option>
            {Object.entries(STATUS_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-secondary">
          Search
        </button>
        <a href={`/api/studio/subscribers/export.csv${filter.size ? `?${filter}` : ""}`} className="btn-secondary" download>
          Export CSV
        </a>
      </Form>
      <p className="mt-4 text-sm text-slate-600" aria-live="polite">{`${total} ${total === 1 ? "address" : "addresses"}`}</p>
      {subscribers.length === 0 ? (
        <p className="mt-6 text-slate-600">No subscribers match.</p>
      ) : (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <thead className="border-b border-slate-200 text-slate-600">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Address
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Status
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Source page
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  utm
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Signed up
                </th>
                <th scope="col" className="py-2 font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {subscribers.map((subscriber) => (
                <tr key={subscriber.id} className="border-b border-slate-100" data-testid="subscriber-row">
                  <td className="break-all py-2 pr-3 font-medium text-slate-900">{subscriber.email}</td>
                  <td className="py-2 pr-3">
                    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_TONES[subscriber.status]}`}>
                      {STATUS_LABELS[subscriber.status]}
                    </span>
                  </td>
                  <td className="break-all py-2 pr-3 text-slate-700">{subscriber.page ?? "—"}</td>
                  <td className="break-all py-2 pr-3 text-slate-700">{subscriber.utm ?? "—"}</td>
                  <td className="whitespace-nowrap py-2 pr-3 text-slate-700">{formatDate(subscriber.createdAt)}</td>
                  <td className="py-2">
                    <RowAction
                      intent="delete"
                      id={subscriber.id}
                      label="Delete"
                      subject={subscriber.email}
                      done="Subscriber deleted"
                      confirm="Delete this address from the list for good?"
                      tone="danger"
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <StudioPager label="Subscriber pages" page={page} pageCount={pageCount} pageLink={pageLink} />
    </section>
  );
}
