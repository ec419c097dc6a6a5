import { useEffect, useRef, useState } from "react";
import type { ChatLine } from "@core/schemas/inbox";
import { type FieldErrors, fieldErrors } from "@core/schemas/form-result";
import { TextAreaField, TextField } from "~/components/forms/fields";
import { HumanCheck } from "~/components/forms/human-check";
import { liveChatOnline as words } from "~/content/live-chat";
import { ApiRequestError, errorMessage } from "~/lib/api";
import type { LiveChat } from "./use-live-chat";

/**
 * The live chat's schemas, loaded at the first send rather than with the contact page, whose load they blocked
 * (docs/decisions/0029-lighthouse-and-social-images.md); a send waits on the network anyway.
 */
const liveChatSchemas = () => import("@core/schemas/inbox");

function failureOf(error: unknown): { message: string; fields: FieldErrors } {
  return { message: errorMessage(error), fields: error instanceof ApiRequestError ? error.fields : {} };
}

/** Opening a chat while an owner is online: the first message, and optionally a name and an address. */
/** Starting a chat carries the automatic human check's proof (the `altcha` field), like the offline form. */
export function StartLiveChat({ onStart }: { onStart: (input: { name: string; email: string; message: string }) => Promise<void> }) {
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<{ message: string; fields: FieldErrors } | null>(null);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = Object.fromEntries(new FormData(event.currentTarget)) as { name: string; email: string; message: string };
    setPending(true);
    try {
      // Inside the try: a schema chunk that cannot load (the connection is gone) is said like a failed send.
      const parsed = (await liveChatSchemas()).liveChatOpenSchema.safeParse(input);
      if (!parsed.success) {
        const fields = fieldErrors(parsed.error);
        setFailure({ message: Object.values(fields)[0] ?? words.failed, fields });
        return;
      }
      setFailure(null);
      await onStart(input);
    } catch (error) {
      setFailure(failureOf(error));
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="mt-5 space-y-4" aria-label={words.start}>
      <p className="rounded-2xl rounded-bl-sm bg-slate-100 px-4 py-3 text-sm text-slate-800">{words.greeting}</p>
      <TextField
        name="name"
        label={words.name.label}
        placeholder={words.name.placeholder}
        autoComplete="name"
        error={failure?.fields.name}
        optional
      />
      <TextField
        name="email"
        type="email"
        inputMode="email"
        label={words.email.label}
        hint={words.email.hint}
        placeholder={words.email.placeholder}
        autoComplete="email"
        error={failure?.fields.email}
        optional
      />
      <TextAreaField
        name="message"
        label={words.message.label}
        placeholder={words.message.placeholder}
        rows={3}
        maxLength={5000}
        error={failure?.fields.message}
      />
      <p className="text-xs text-slate-600">{words.cookieNote}</p>
      <HumanCheck />
      {failure && !Object.keys(failure.fields).length && (
        <p className="field-error" role="alert">
          {failure.message}
        </p>
      )}
      <button type="submit" className="btn-primary w-full" disabled={pending}>
        {pending ? words.starting : words.start}
      </button>
    </form>
  );
}

function Line({ line }: { line: ChatLine }) {
  const [showOriginal, setShowOriginal] = useState(false);
  const mine = line.author === "sender";
  return (
    <li className={`flex ${mine ? "justify-end" : "justify-start"}`} data-testid={mine ? "chat-mine" : "chat-theirs"}>
      <div
        className={`max-w-[85%] rounded-2xl px-4 py-2 text-sm ${mine ? "rounded-br-sm bg-brand-700 text-white" : "rounded-bl-sm bg-slate-100 text-slate-900"}`}
      >
        <p className={`text-xs font-semibold ${mine ? "text-brand-50" : "text-slate-600"}`}>{mine ? words.you : words.team}</p>
        <p className="mt-0.5 whitespace-pre-wrap break-words" data-testid="chat-text">
          {line.text}
        </p>
        {line.machineTranslated && line.original !== null && (
          <div className="mt-1 text-xs text-slate-700">
            <span>{words.translatedFrom} · </span>
            <button type="button" className="font-medium underline" aria-expanded={showOriginal} onClick={() => setShowOriginal(!showOriginal)}>
              {showOriginal ? words.hideOriginal : words.showOriginal}
            </button>
            {showOriginal && (
              <p className="mt-1 whitespace-pre-wrap break-words text-slate-800" lang={line.language ?? undefined} data-testid="chat-original">
                {line.original}
              </p>
            )}
          </div>
        )}
      </div>
    </li>
  );
}

/** The conversation, each message in the visitor's language (the original one click away), and the composer. */
export function LiveChatWindow({ chat, online, onSend }: { chat: LiveChat; online: boolean; onSend: (text: string) => Promise<void> }) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const end = useRef<HTMLLIElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new message is the trigger
  useEffect(() => {
    // A block, not an expression: newer browsers answer scrollIntoView with a promise, which is no effect cleanup.
    end.current?.scrollIntoView({ block: "nearest" });
  }, [chat.lines.length]);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setPending(true);
    try {
      const parsed = (await liveChatSchemas()).liveChatMessageTextSchema.safeParse(Object.fromEntries(new FormData(form)));
      if (!parsed.success) {
        setError(Object.values(fieldErrors(parsed.error))[0] ?? words.failed);
        return;
      }
      setError(null);
      await onSend(parsed.data.text);
      form.reset();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="mt-4">
      {/* Always rendered, so that the owner leaving mid-chat is announced when the note appears. */}
      <div role="status">{!online && <p className="mb-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">{words.awayNote}</p>}</div>
      <ol className="max-h-80 space-y-2 overflow-y-auto" aria-label="Conversation" aria-live="polite">
        {chat.lines.map((line) => (
          <Line key={line.id} line={line} />
        ))}
        <li ref={end} aria-hidden />
      </ol>
      <form onSubmit={submit} noValidate className="mt-4 flex items-end gap-2" aria-label={words.composerLabel}>
        <label className="grow">
          <span className="sr-only">{words.composerLabel}</span>
          <textarea
            name="text"
            rows={2}
            maxLength={5000}
            className="input resize-y"
            placeholder={words.message.placeholder}
            aria-invalid={error ? true : undefined}
          />
        </label>
        <button type="submit" className="btn-primary" disabled={pending}>
          {pending ? words.sending : words.send}
        </button>
      </form>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
