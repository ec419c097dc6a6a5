import { MessageCircle } from "lucide-react";
import { useEffect, useState } from "react";
import { TextAreaField, TextField } from "~/components/forms/fields";
import { useApiForm } from "~/components/forms/use-api-form";
import { Modal } from "~/components/ui/modal";
import { liveChat } from "~/content/contact";

type Props = { open: boolean; onClose: () => void };

/**
 * Parley's own in-page live chat (never a third-party widget). While nobody is online it says so
 * and takes a message, stored through /api/forms/live-chat; after a successful send it closes.
 */
export function ContactLiveChat({ open, onClose }: Props) {
  const [sending, setSending] = useState(false);
  return (
    <Modal
      open={open}
      onClose={onClose}
      locked={sending}
      title={
        <span className="flex items-center gap-2">
          <MessageCircle className="size-5 text-brand-600" aria-hidden />
          {liveChat.title}
        </span>
      }
      description={
        <span className="inline-flex items-center gap-2">
          <span className="size-2 rounded-full bg-slate-400" aria-hidden />
          {liveChat.status}
        </span>
      }
    >
      <LiveChatForm onSent={onClose} onSendingChange={setSending} />
    </Modal>
  );
}

function LiveChatForm({ onSent, onSendingChange }: { onSent: () => void; onSendingChange: (sending: boolean) => void }) {
  const { onSubmit, errors, formError, pending } = useApiForm("live-chat", {
    successTitle: liveChat.successTitle,
    successDescription: liveChat.successDescription,
    onSuccess: onSent,
  });

  useEffect(() => onSendingChange(pending), [pending, onSendingChange]);
  // The form unmounts when the panel closes, possibly while still flagged as sending.
  useEffect(() => () => onSendingChange(false), [onSendingChange]);

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
          <p className="text-xs font-semibold text-slate-500">{liveChat.teamName}</p>
          <p className="mt-1">{liveChat.greeting}</p>
        </div>
      </div>
      <form method="post" noValidate onSubmit={onSubmit} aria-label={liveChat.title} className="mt-5 space-y-4">
        <TextField
          name="name"
          label={liveChat.name.label}
          placeholder={liveChat.name.placeholder}
          autoComplete={liveChat.name.autoComplete}
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
          error={errors.email}
        />
        <TextAreaField name="message" label={liveChat.message.label} placeholder={liveChat.message.placeholder} error={errors.message} rows={4} />
        <p className="text-xs text-slate-500">{liveChat.privacyNote}</p>
        {/* The dialog sits above the page's toasts, so a failure is also said here. */}
        {formError && (
          <p className="field-error" role="alert">
            {formError}
          </p>
        )}
        <button type="submit" className="btn-primary w-full" disabled={pending}>
          {pending ? liveChat.pending : liveChat.submit}
        </button>
      </form>
    </div>
  );
}
