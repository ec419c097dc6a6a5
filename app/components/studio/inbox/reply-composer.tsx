import { useState } from "react";
import { languageLabel } from "@core/languages";
import { inboxReplyPreviewSchema, inboxReplySchema } from "@core/schemas/inbox";
import type { ReplyPreview } from "@worker/services/inbox/replies";
import { TextAreaField } from "~/components/forms/fields";
import { FormNotice, IntentField } from "~/components/forms/form-notice";
import { useFormAction } from "~/components/forms/use-form-action";
import { THREAD_INTENTS } from "./intents";

type Props = {
  /** The sender's language, when it differs from the owner's: replies can go out translated into it. */
  translateInto: string | null;
  ownerLanguage: string;
  /** How the reply travels: by email, or (a live chat) at once to the visitor's open chat, else by email if left. */
  channel: "email" | "live-chat" | "none";
};

const SENT = { title: "Reply sent", description: "It is in the conversation below." };

function TranslateBox({ translateInto, defaultChecked }: { translateInto: string; defaultChecked: boolean }) {
  return (
    <label className="flex items-center gap-2 text-sm text-slate-800">
      <input type="checkbox" name="translate" defaultChecked={defaultChecked} className="size-4" />
      Translate into {languageLabel(translateInto)} (machine translation, with your original below it)
    </label>
  );
}

/** A live chat's reply: sent at once, translated for the visitor (who can open the original). */
function LiveReply({ translateInto }: Props) {
  const send = useFormAction({ intent: THREAD_INTENTS.send, schema: inboxReplySchema, success: SENT, answers: "form" });
  return (
    <send.Form {...send.formProps} className="card space-y-3" aria-label="Reply in the live chat">
      <IntentField intent={send.intent} />
      <FormNotice notice={send.notice} />
      <TextAreaField
        name="text"
        label="Your reply"
        rows={3}
        maxLength={5000}
        defaultValue={send.values.text}
        error={send.errors.text ?? send.formError ?? undefined}
      />
      {translateInto && <TranslateBox translateInto={translateInto} defaultChecked />}
      <button type="submit" className="btn-primary" disabled={send.pending}>
        {send.pending ? "Sending…" : "Send"}
      </button>
    </send.Form>
  );
}

/** The preview: both versions, and the button that sends exactly them. */
function PreviewAndSend({ preview, ownerLanguage, onSent }: { preview: ReplyPreview; ownerLanguage: string; onSent: () => void }) {
  const send = useFormAction({ intent: THREAD_INTENTS.send, schema: inboxReplySchema, success: SENT, onSuccess: onSent });
  return (
    <send.Form {...send.formProps} className="mt-4 space-y-3 rounded-xl border border-slate-300 bg-white p-4" aria-label="Check and send the reply">
      <IntentField intent={send.intent} />
      <FormNotice notice={send.notice} />
      <h3 className="font-semibold">Before sending</h3>
      <div className="grid gap-3 md:grid-cols-2">
        <div>
          <p className="text-xs font-semibold text-slate-700">Your reply ({languageLabel(ownerLanguage)})</p>
          <p className="mt-1 whitespace-pre-wrap break-words" data-testid="preview-original">
            {preview.text}
          </p>
        </div>
        {preview.translation && preview.targetLanguage ? (
          <div>
            <p className="text-xs font-semibold text-slate-700">What they receive ({languageLabel(preview.targetLanguage)}, machine-translated)</p>
            <p className="mt-1 whitespace-pre-wrap break-words" lang={preview.targetLanguage} data-testid="preview-translation">
              {preview.translation}
            </p>
          </div>
        ) : (
          <p className="text-sm text-slate-700">{preview.note ?? "Sent as written, without translation."}</p>
        )}
      </div>
      <input type="hidden" name="text" value={preview.text} />
      {preview.translation && (
        <>
          <input type="hidden" name="translate" value="on" />
          <input type="hidden" name="translation" value={preview.translation} />
        </>
      )}
      <button type="submit" className="btn-primary" disabled={send.pending}>
        {send.pending ? "Sending…" : "Send reply"}
      </button>
    </send.Form>
  );
}

/** An emailed reply: written, previewed (both versions shown), then sent. Works the same without JavaScript. */
export function ReplyComposer(props: Props) {
  const [sentPreview, setSentPreview] = useState<unknown>(null);
  const preview = useFormAction<ReplyPreview>({
    intent: THREAD_INTENTS.preview,
    schema: inboxReplyPreviewSchema,
    answers: "form",
    resetOnSuccess: false,
  });
  // Without JavaScript the sent (or refused) reply comes back as the page: its answer is said here.
  const sendAnswer = useFormAction({ intent: THREAD_INTENTS.send, success: SENT });
  if (props.channel === "live-chat") return <LiveReply {...props} />;
  if (props.channel === "none") return <p className="card text-slate-700">This sender left no email address, so there is no way to reply.</p>;
  const shown = preview.result?.ok && preview.result !== sentPreview ? preview.result.data : null;
  return (
    <div className="card">
      <FormNotice notice={sendAnswer.notice} />
      <preview.Form {...preview.formProps} className="space-y-3" aria-label="Write a reply">
        <IntentField intent={preview.intent} />
        <TextAreaField
          name="text"
          label="Reply by email"
          hint="Markdown is fine; the email is sent as plain text."
          rows={5}
          maxLength={5000}
          defaultValue={shown?.text ?? preview.values.text}
          error={preview.errors.text ?? preview.formError ?? undefined}
        />
        {props.translateInto && <TranslateBox translateInto={props.translateInto} defaultChecked />}
        <button type="submit" className="btn-secondary" disabled={preview.pending}>
          {preview.pending ? "Preparing…" : "Preview reply"}
        </button>
      </preview.Form>
      {shown && <PreviewAndSend preview={shown} ownerLanguage={props.ownerLanguage} onSent={() => setSentPreview(preview.result)} />}
    </div>
  );
}
