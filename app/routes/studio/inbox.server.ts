// The inbox list's server half (docs/product.md#studio): the list for the page, and its two forms (search, settings),
// posted by the page with or without JavaScript. Owner-only, checked again here for every load and post.
import type { RouterContextProvider } from "react-router";
import { INBOX_STATUS_VALUES, inboxSearchSchema, inboxSettingsSchema, type InboxStatus } from "@core/schemas/inbox";
import { NotFound } from "@worker/services/errors";
import { readInboxSettings, saveInboxSettings } from "@worker/services/inbox/settings";
import { listThreadPage, listThreads, unreadCount } from "@worker/services/inbox/threads";
import { INBOX_INTENTS } from "~/components/studio/inbox/intents";
import { actionServices, formFailure, readFormFields, runFormAction } from "~/lib/form-action.server";
import { requireOwner } from "~/lib/permissions.server";
import { sessionHeaders } from "~/lib/session.server";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

const statusOf = (value: string | null): InboxStatus | "all" => (INBOX_STATUS_VALUES.includes(value as InboxStatus) ? (value as InboxStatus) : "all");

export async function inboxPage({ request, context, url }: Args & { url: URL }) {
  const resolved = await requireOwner({ request, context });
  const { db } = actionServices(context);
  const status = statusOf(url.searchParams.get("status"));
  const requested = Number(url.searchParams.get("page") ?? 1);
  const [list, unread, settings] = await Promise.all([listThreadPage(db, { status }, requested), unreadCount(db), readInboxSettings(db)]);
  return { page: { ...list, unread, settings, status }, headers: sessionHeaders(resolved) };
}

export async function inboxAction({ request, context }: Args) {
  const resolved = await requireOwner({ request, context });
  const headers = sessionHeaders(resolved);
  const fields = await readFormFields(request);
  const { db } = actionServices(context);
  if (fields.intent === INBOX_INTENTS.search) {
    return runFormAction(
      INBOX_INTENTS.search,
      fields,
      inboxSearchSchema,
      async ({ q, status }) => ({ q, threads: await listThreads(db, { status, query: q }) }),
      {
        headers,
      },
    );
  }
  if (fields.intent === INBOX_INTENTS.settings) {
    return runFormAction(INBOX_INTENTS.settings, fields, inboxSettingsSchema, (input) => saveInboxSettings(db, input), { headers });
  }
  return formFailure(fields.intent ?? "", fields, new NotFound("There is no such form."), { headers });
}
