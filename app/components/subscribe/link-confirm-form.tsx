// The page behind an emailed subscription link (confirm, unsubscribe): a GET spends nothing, the page confirms
// with a POST (docs/decisions/0017-credentials-and-codes.md) — by itself once JavaScript runs, else by its button.
import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { IntentField } from "~/components/forms/form-notice";

type Props = { intent: string; fields: Record<string, string>; label: string; pendingLabel: string };

export function LinkConfirmForm({ intent, fields, label, pendingLabel }: Props) {
  const form = useRef<HTMLFormElement>(null);
  const sent = useRef(false);
  const navigation = useNavigation();
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    form.current?.requestSubmit();
  }, []);
  return (
    <Form method="post" ref={form} className="mt-6">
      <IntentField intent={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className="btn-primary" disabled={navigation.state !== "idle"}>
        {navigation.state !== "idle" ? pendingLabel : label}
      </button>
    </Form>
  );
}
