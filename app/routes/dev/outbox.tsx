import { formatDateTime } from "@core/format";
import { data, Link } from "react-router";
import { database } from "@worker/db/client";
import { devOutboxEnabled, listOutbox } from "@worker/services/mail/mailer";
import type { Route } from "./+types/outbox";
import { workerEnv } from "@worker/load-context";

// The development outbox: every email the app "sent", with its links, so that sign-up, magic links,
// codes and password resets can be completed offline. It exists only where DEV_OUTBOX=1 (local runs);
// anywhere else this path is a plain 404.
export async function loader({ context }: Route.LoaderArgs) {
  const env = workerEnv(context);
  if (!devOutboxEnabled(env)) throw data(null, { status: 404 });
  const messages = await listOutbox(database(env.DB));
  return {
    messages: messages.map((message) => ({
      id: message.id,
      to: message.to,
      subject: message.subject,
      text: message.text,
      headers: Object.entries(message.headers ?? {}),
      sentAt: message.createdAt.toISOString(),
      links: [...message.text.matchAll(/https?:\/\/\S+/g)].map((match) => match[0]),
    })),
  };
}

export const meta: Route.MetaFunction = () => [{ title: "Development outbox – Parley" }, { name: "robots", content: "noindex" }];

/** Shows the link's path and query: the host is always this local server. */
function localHref(link: string) {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

export default function DevOutbox({ loaderData }: Route.ComponentProps) {
  const { messages } = loaderData;
  return (
    <section className="container-page section">
      <p className="eyebrow">Local development only</p>
      <h1 className="heading-2 mt-2">Outbox</h1>
      <p className="lead mt-3">Every email this local server would have sent, newest first. It is not available on a deployed site.</p>
      {messages.length === 0 ? (
        <p className="mt-10 text-slate-600">No emails yet.</p>
      ) : (
        <ol className="mt-10 space-y-6" aria-label="Emails">
          {messages.map((message) => (
            <li key={message.id} className="card" data-testid="outbox-message">
              <article aria-label={`${message.subject} to ${message.to}`}>
                <p className="text-sm text-slate-600">
                  To{" "}
                  <span className="font-semibold text-slate-900" data-field="to">
                    {message.to}
                  </span>{" "}
                  · <time dateTime={message.sentAt}>{formatDateTime(Date.parse(message.sentAt))}</time>
                </p>
                <h2 className="mt-2 text-lg font-semibold" data-field="subject">
                  {message.subject}
                </h2>
                <pre className="mt-3 whitespace-pre-wrap break-words rounded-lg bg-slate-50 p-4 font-sans text-sm text-slate-800" data-field="text">
                  {message.text}
                </pre>
                {message.headers.length > 0 && (
                  <dl className="mt-3 text-xs text-slate-700" aria-label="Headers">
                    {message.headers.map(([name, value]) => (
                      <div key={name} className="break-all">
                        <dt className="inline font-semibold">{name}: </dt>
                        <dd className="inline" data-header={name}>
                          {value}
                        </dd>
                      </div>
                    ))}
                  </dl>
                )}
                {message.links.length > 0 && (
                  <ul className="mt-3 flex flex-wrap gap-2">
                    {message.links.map((link) => (
                      <li key={link}>
                        <Link to={localHref(link)} className="btn-secondary" reloadDocument>
                          Open link: {new URL(link).searchParams.get("type") ?? new URL(link).pathname}
                        </Link>
                      </li>
                    ))}
                  </ul>
                )}
              </article>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
