// The Studio's people (docs/product.md#studio): accounts with address, created, confirmed and owner, searchable;
// grant or revoke the owner role (at least one owner always remains, enforced by the service in one statement);
// delete an account through the same code path as deleting one's own. No device addresses, no user agents.
import { formatDate } from "@core/format";
import { data, Form } from "react-router";
import { ownerRoleSchema, rowIdSchema } from "@core/schemas/studio";
import { RowAction, StudioHeading, StudioNotice } from "~/components/studio/row-action";
import { requireOwner } from "~/lib/permissions.server";
import { sessionHeaders } from "~/lib/session.server";
import { database } from "@worker/db/client";
import { workerEnv } from "@worker/load-context";
import { deletePerson, grantOwner, listPeople, revokeOwner } from "@worker/services/people/people";
import type { Route } from "./+types/people";
import { studioAction, studioForm } from "./studio-action.server";
import { StudioPager } from "~/components/studio/pager";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const resolved = await requireOwner({ request, context });
  const q = (url.searchParams.get("q") ?? "").slice(0, 200);
  const page = Number.parseInt(url.searchParams.get("page") ?? "", 10) || 1;
  const list = await listPeople(database(workerEnv(context).DB), q, page);
  return data({ ...list, q, me: resolved.session.user.id }, { headers: sessionHeaders(resolved) });
}

export const action = (args: Route.ActionArgs) =>
  studioAction(args, {
    owner: studioForm(ownerRoleSchema, ({ id, owner }, { db }) => (owner === "grant" ? grantOwner(db, id) : revokeOwner(db, id))),
    delete: studioForm(rowIdSchema, ({ id }, { db }) => deletePerson(db, id)),
  });

export const meta: Route.MetaFunction = () => [{ title: "People – Studio" }];

export default function People({ loaderData }: Route.ComponentProps) {
  const { people, total, page, pageCount, q, me } = loaderData;
  const pageLink = (to: number) => `?${new URLSearchParams({ ...(q ? { q } : {}), page: String(to) })}`;
  return (
    <section>
      <StudioHeading title="People">
        <p>Accounts and the owner role. At least one owner always remains; an owner's account is deleted after its role is revoked.</p>
      </StudioHeading>
      <StudioNotice success={(intent) => (intent === "delete" ? "The account was deleted." : "The owner role was updated.")} />
      <Form method="get" role="search" className="flex items-end gap-3">
        <div className="grow">
          <label htmlFor="people-search" className="label">
            Search by address
          </label>
          <input id="people-search" name="q" type="search" defaultValue={q} maxLength={200} className="input" />
        </div>
        <button type="submit" className="btn-secondary">
          Search
        </button>
      </Form>
      <p className="mt-4 text-sm text-slate-600">{`${total} ${total === 1 ? "account" : "accounts"}`}</p>
      <div className="mt-4 overflow-x-auto">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <thead className="border-b border-slate-200 text-slate-600">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                Address
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Created
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Confirmed
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Owner
              </th>
              <th scope="col" className="py-2 font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {people.map((person) => (
              <tr key={person.id} className="border-b border-slate-100" data-testid="person-row">
                <td className="break-all py-2 pr-3 font-medium text-slate-900">
                  {person.email}
                  {person.id === me && <span className="ml-1 font-normal text-slate-500">(you)</span>}
                </td>
                <td className="whitespace-nowrap py-2 pr-3">{formatDate(person.createdAt)}</td>
                <td className="whitespace-nowrap py-2 pr-3">{person.confirmedAt ? formatDate(person.confirmedAt) : "Not yet"}</td>
                <td className="py-2 pr-3">{person.isOwner ? "Owner" : "—"}</td>
                <td className="py-2">
                  <div className="flex flex-wrap gap-2">
                    <RowAction
                      intent="owner"
                      id={person.id}
                      fields={{ owner: person.isOwner ? "revoke" : "grant" }}
                      label={person.isOwner ? "Revoke owner" : "Make owner"}
                      subject={person.email}
                      done={person.isOwner ? "Owner role revoked" : "Owner role granted"}
                    />
                    {!person.isOwner && (
                      <RowAction
                        intent="delete"
                        id={person.id}
                        label="Delete account"
                        subject={person.email}
                        done="Account deleted"
                        confirm="Delete this account and everything in it? This cannot be undone."
                        tone="danger"
                      />
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <StudioPager label="People pages" page={page} pageCount={pageCount} pageLink={pageLink} />
    </section>
  );
}
