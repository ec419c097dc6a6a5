import { formatShortDateTime } from "@core/format";
import { languageLabel } from "@core/languages";
import type { ChatLine } from "@core/schemas/inbox";
import type { OwnerMessage } from "@worker/services/inbox/thread-view";
import { IntentField } from "~/components/forms/form-notice";
import { useFormAction } from "~/components/forms/use-form-action";
import { THREAD_INTENTS } from "./intents";
import { languageName } from "./labels";

const DELIVERY: Record<OwnerMessage["delivery"], string> = {
  received: "Received",
  email: "Sent by email",
  live: "Sent in the live chat",
  kept: "Kept for the visitor's return (no email address)",
  draft: "Draft, not sent",
};

/** A sender's live-chat line pushed to the open Studio, shown at once while the page reloads its data. */
export function pushedMessage(line: ChatLine, ownerLanguage: string): OwnerMessage {
  return {
    id: line.id,
    author: "sender",
    body: line.original ?? line.text,
    html: null,
    language: line.language,
    translation: line.machineTranslated ? line.text : null,
    translationLanguage: line.machineTranslated ? ownerLanguage : null,
    note: null,
    delivery: "received",
    error: null,
    createdAt: line.createdAt,
  };
}

/** A sender's message: the original, and beside it the machine translation into the owner's language (or why not). */
function SenderMessage({ message, ownerLanguage }: { message: OwnerMessage; ownerLanguage: string }) {
  const sameLanguage = message.language === ownerLanguage;
  return (
    <article className="grid gap-3 md:grid-cols-2" aria-label={`Message of ${formatShortDateTime(message.createdAt)}`} data-testid="sender-message">
      <div className="rounded-xl border border-slate-200 bg-white p-4">
        <p className="text-xs font-semibold text-slate-600">
          Original · {message.language ? `${languageLabel(message.language)} (detected)` : languageName(null)} ·{" "}
          {formatShortDateTime(message.createdAt)}
        </p>
        <p className="mt-2 whitespace-pre-wrap break-words text-slate-900" lang={message.language ?? undefined} data-testid="original">
          {message.body || "(no message)"}
        </p>
      </div>
      <div className="rounded-xl border border-brand-200 bg-brand-50 p-4">
        {message.translation ? (
          <>
            <p className="text-xs font-semibold text-brand-900">Machine-translated into {languageLabel(ownerLanguage)}</p>
            <p className="mt-2 whitespace-pre-wrap break-words text-slate-900" lang={ownerLanguage} data-testid="translation">
              {message.translation}
            </p>
          </>
        ) : (
          <p className="text-sm text-slate-800" role={message.note ? "note" : undefined} data-testid="translation-note">
            {message.note ??
              (sameLanguage || !message.body ? `Already in ${languageLabel(ownerLanguage)}: nothing to translate.` : "No translation.")}
          </p>
        )}
      </div>
    </article>
  );
}

function RetryDraft({ messageId }: { messageId: string }) {
  const { Form, formProps, intent, pending, notice } = useFormAction({
    intent: THREAD_INTENTS.retry,
    success: { title: "Reply sent", description: "The draft went out by email." },
  });
  return (
    <Form {...formProps} className="mt-3">
      <IntentField intent={intent} />
      {notice && <p className="text-sm">{notice.description}</p>}
      <input type="hidden" name="messageId" value={messageId} />
      <button type="submit" className="btn-secondary" disabled={pending}>
        {pending ? "Sending…" : "Send again"}
      </button>
    </Form>
  );
}

/** The owner's reply: its Markdown as sanitized HTML (worker/services/blog/markdown.ts), and what the sender got. */
function OwnerReply({ message }: { message: OwnerMessage }) {
  const draft = message.delivery === "draft";
  return (
    <article
      className={`rounded-xl border p-4 md:ml-12 ${draft ? "border-red-300 bg-red-50" : "border-slate-200 bg-slate-50"}`}
      data-testid="owner-message"
    >
      <p className="text-xs font-semibold text-slate-700">
        You · {DELIVERY[message.delivery]} · {formatShortDateTime(message.createdAt)}
      </p>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on the server by the one Markdown policy */}
      <div className="blog-prose mt-2 break-words text-slate-900" dangerouslySetInnerHTML={{ __html: message.html ?? "" }} />
      {message.translation && message.translationLanguage && (
        <div className="mt-3 border-t border-slate-200 pt-3">
          <p className="text-xs font-semibold text-slate-700">Sent in {languageLabel(message.translationLanguage)} (machine-translated)</p>
          <p className="mt-1 whitespace-pre-wrap break-words text-slate-900" lang={message.translationLanguage}>
            {message.translation}
          </p>
        </div>
      )}
      {draft && (
        <>
          <p className="mt-3 text-sm text-red-900" role="alert">
            Not sent: {message.error ?? "the email could not be sent."}
          </p>
          <RetryDraft messageId={message.id} />
        </>
      )}
    </article>
  );
}

export function ThreadMessages({ messages, ownerLanguage }: { messages: OwnerMessage[]; ownerLanguage: string }) {
  return (
    <ol className="space-y-4" aria-label="Messages">
      {messages.map((message) => (
        <li key={message.id}>
          {message.author === "sender" ? <SenderMessage message={message} ownerLanguage={ownerLanguage} /> : <OwnerReply message={message} />}
        </li>
      ))}
    </ol>
  );
}
