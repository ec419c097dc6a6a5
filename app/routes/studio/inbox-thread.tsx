// One conversation of the Studio's inbox (docs/product.md#studio): the original beside its machine translation, the
// replies, status, private notes, and the reply composer. A live chat's new messages arrive through the Studio's
// presence socket, which reloads this page's data.
import { formatShortDateTime } from "@core/format";
import { useCallback, useState } from "react";
import { data, Link, useRevalidator } from "react-router";
import { INBOX_KIND_LABELS, type StudioEvent } from "@core/schemas/inbox";
import proseHref from "~/components/blog/prose.css?url";
import { languageName, senderName } from "~/components/studio/inbox/labels";
import { pushedMessage, ThreadMessages } from "~/components/studio/inbox/messages";
import type { OwnerMessage } from "@worker/services/inbox/thread-view";
import { ReplyComposer } from "~/components/studio/inbox/reply-composer";
import { NotesForm, StatusForm } from "~/components/studio/inbox/thread-controls";
import { useStudioEvents } from "~/components/studio/studio-events";
import { clientFormAction } from "~/lib/client-form-action";
import type { Route } from "./+types/inbox-thread";
import { threadAction, threadPage } from "./inbox-thread.server";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: proseHref }];
export const meta: Route.MetaFunction = () => [{ title: "Conversation · Inbox · Studio" }];

export async function loader(args: Route.LoaderArgs) {
  const { thread, headers } = await threadPage(args);
  return data(thread, { headers });
}

export const action = (args: Route.ActionArgs) => threadAction(args);
export const clientAction = (args: Route.ClientActionArgs) => clientFormAction(args);

const TOPIC_LABEL = { application: "Role", contact: "Topic", enterprise: "Topic" } as Record<string, string>;

export default function InboxThreadPage({ loaderData }: Route.ComponentProps) {
  const { thread, submission, messages, ownerLanguage } = loaderData;
  const revalidator = useRevalidator();
  // A visitor's line shows as soon as it is pushed; the reloaded data then takes its place.
  const [pushed, setPushed] = useState<OwnerMessage[]>([]);
  useStudioEvents(
    useCallback(
      (event: StudioEvent) => {
        if (event.threadId !== thread.id) return;
        const line = event.line;
        if (line?.author === "sender") setPushed((earlier) => [...earlier, pushedMessage(line, ownerLanguage)]);
        void revalidator.revalidate();
      },
      [revalidator, thread.id, ownerLanguage],
    ),
  );
  const known = new Set(messages.map((message) => message.id));
  const shown = [...messages, ...pushed.filter((message) => !known.has(message.id))];
  const translateInto = thread.language && thread.language !== ownerLanguage ? thread.language : null;
  const channel = thread.kind === "live-chat" ? "live-chat" : thread.email ? "email" : "none";
  return (
    <article aria-labelledby="thread-heading">
      <Link to="/studio/inbox" className="text-sm font-medium text-brand-700 underline">
        ← Inbox
      </Link>
      <header className="mt-3">
        <h1 id="thread-heading" className="heading-2 break-words">
          {senderName(thread)}
        </h1>
        <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-700">
          <div>
            <dt className="sr-only">Kind</dt>
            <dd>{INBOX_KIND_LABELS[thread.kind]}</dd>
          </div>
          {thread.email && (
            <div>
              <dt className="sr-only">Email</dt>
              <dd className="break-all">{thread.email}</dd>
            </div>
          )}
          <div>
            <dt className="inline">Language: </dt>
            <dd className="inline" data-testid="thread-language">
              {languageName(thread.language)}
            </dd>
          </div>
          <div>
            <dt className="inline">Started: </dt>
            <dd className="inline">{formatShortDateTime(thread.createdAt)}</dd>
          </div>
          {submission?.company && (
            <div>
              <dt className="inline">Company: </dt>
              <dd className="inline">{submission.company}</dd>
            </div>
          )}
          {submission?.category && (
            <div>
              <dt className="inline">{TOPIC_LABEL[thread.kind] ?? "Topic"}: </dt>
              <dd className="inline">{submission.category}</dd>
            </div>
          )}
          {submission?.link && (
            <div>
              <dt className="inline">Profile: </dt>
              <dd className="inline break-all">{submission.link}</dd>
            </div>
          )}
          {submission?.page && (
            <div>
              <dt className="inline">Sent from: </dt>
              <dd className="inline">{submission.page}</dd>
            </div>
          )}
        </dl>
      </header>
      <div className="mt-6 lg:grid lg:grid-cols-[1fr_16rem] lg:gap-6">
        <div className="min-w-0 space-y-6">
          <ThreadMessages messages={shown} ownerLanguage={ownerLanguage} />
          <ReplyComposer translateInto={translateInto} ownerLanguage={ownerLanguage} channel={channel} />
        </div>
        <aside className="mt-6 space-y-4 lg:mt-0" aria-label="Status and notes">
          <StatusForm status={thread.status} />
          <NotesForm notes={thread.notes} />
        </aside>
      </div>
    </article>
  );
}
