import { MessageCircle } from "lucide-react";
import { useEffect, useState } from "react";
import { TextAreaField, TextField } from "~/components/forms/fields";
import { FormNotice, IntentField } from "~/components/forms/form-notice";
import { useFormAction } from "~/components/forms/use-form-action";
import { Modal } from "~/components/ui/modal";
import { liveChat } from "~/content/contact";
import { formSchemaLoader } from "~/components/forms/form-schemas";
import { LiveChatWindow, StartLiveChat } from "./live-chat/live-chat-panel";
import { useLiveChat } from "./live-chat/use-live-chat";
import { liveChatOnline } from "~/content/live-chat";
import { HumanCheck } from "~/components/forms/human-check";

type Props = { open: boolean; onClose: () => void };

const title = (
  <span className="flex items-center gap-2">
    <MessageCircle className="size-5 text-brand-600" aria-hidden />
    {liveChat.title}
  </span>
);

const status = (
  <span className="inline-flex items-center gap-2">
    <span className="size-2 rounded-full bg-slate-400" aria-hidden />
    {liveChat.status}
  </span>
);

/**
 * Parley's own in-page live chat (never a third-party widget). While nobody is online it says so
 * and takes a message, stored by the contact page's action like /api/forms/live-chat; after a successful send it closes.
 */
export function ContactLiveChat({ open, onClose }: Props) {
  const [sending, setSending] = useState(false);
  // While an owner has the Studio open (or this browser has a chat), the chat is live (live-chat/); else this form.
  const live = useLiveChat(open);
  const online = live.phase === "online" || (live.phase === "chatting" && live.online);
  return (
    <Modal
      open={open}
      onClose={onClose}
      locked={sending}
      title={title}
      description={online ? onlineStatus : live.phase === "checking" ? checking : status}
    >
      {live.phase === "offline" && <LiveChatForm onSent={onClose} onSendingChange={setSending} />}
      {live.phase === "online" && <StartLiveChat onStart={live.start} />}
      {live.phase === "chatting" && live.chat && <LiveChatWindow chat={live.chat} online={live.online} onSend={live.send} />}
    </Modal>
  );
}

const onlineStatus = (
  <span className="inline-flex items-center gap-2" data-testid="live-chat-online">
    <span className="size-2 rounded-full bg-emerald-600" aria-hidden />
    {liveChatOnline.status}
  </span>
);

const checking = <span role="status">{liveChatOnline.checking}</span>;

/**
 * The same panel as a part of the page, for a browser without JavaScript: there the "Start Live Chat" button asks
 * the server for /contact?chat=open, and the answer to a sent message comes back in here.
 */
export function ContactLiveChatPanel() {
  return (
    <section id={liveChat.id} aria-labelledby="live-chat-heading" className="card mt-6 max-w-xl scroll-mt-16 sm:p-8">
      <h2 id="live-chat-heading" className="text-xl font-semibold">
        {title}
      </h2>
      <p className="mt-2 text-sm text-slate-600">{status}</p>
      <LiveChatForm />
    </section>
  );
}

type FormProps = { onSent?: () => void; onSendingChange?: (sending: boolean) => void };

function LiveChatForm({ onSent, onSendingChange }: FormProps) {
  const { Form, formProps, intent, errors, formError, pending, values, notice } = useFormAction({
    intent: "live-chat",
    schema: formSchemaLoader("live-chat"),
    action: `/contact#${liveChat.id}`,
    success: { title: liveChat.successTitle, description: liveChat.successDescription },
    onSuccess: onSent,
  });

  useEffect(() => onSendingChange?.(pending), [pending, onSendingChange]);
  // The form unmounts when the panel closes, possibly while still flagged as sending.
  useEffect(() => () => onSendingChange?.(false), [onSendingChange]);

  return (
    <div className="mt-5">
      <div className="flex items-end gap-2">
        <span
          className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-600 text-xs font-semibold text-white"
          aria-hidden
        >
          {liveChat.teamName.charAt(0)}
        </span>
        <div className="rounded-2xl rounded-bl-sm bg-slate-100 px-4 py-3 text-sm text-slate-800">
          <p className="text-xs font-semibold text-slate-600">{liveChat.teamName}</p>
          <p className="mt-1">{liveChat.greeting}</p>
        </div>
      </div>
      <Form {...formProps} aria-label={liveChat.title} className="mt-5 space-y-4">
        <IntentField intent={intent} />
        <FormNotice notice={notice} />
        <TextField
          name="name"
          label={liveChat.name.label}
          placeholder={liveChat.name.placeholder}
          autoComplete={liveChat.name.autoComplete}
          defaultValue={values.name}
          error={errors.name}
          optional
        />
        <TextField
          name="email"
          type="email"
          inputMode="email"
          label={liveChat.email.label}
          placeholder={liveChat.email.placeholder}
          autoComplete={liveChat.email.autoComplete}
          defaultValue={values.email}
          error={errors.email}
        />
        <TextAreaField
          name="message"
          label={liveChat.message.label}
          placeholder={liveChat.message.placeholder}
          defaultValue={values.message}
          error={errors.message}
          rows={4}
        />
        <p className="text-xs text-slate-500">{liveChat.privacyNote}</p>
        <HumanCheck />
        {/* The dialog sits above the page's toasts, so a failure is also said here (once: the notice may say it already). */}
        {formError && !notice && (
          <p className="field-error" role="alert">
            {formError}
          </p>
        )}
        <button type="submit" className="btn-primary w-full" disabled={pending}>
          {pending ? liveChat.pending : liveChat.submit}
        </button>
      </Form>
    </div>
  );
}
