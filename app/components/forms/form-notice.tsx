import { INTENT_FIELD } from "@core/schemas/form-result";
import type { FormNotice as Notice } from "./use-form-action";

/** The hidden field that tells the action which form was sent. */
export function IntentField({ intent }: { intent: string }) {
  return <input type="hidden" name={INTENT_FIELD} value={intent} />;
}

/** A form's answer shown in the page, for a browser without JavaScript (where no toast can appear). */
export function FormNotice({ notice }: { notice: Notice | null }) {
  if (!notice) return null;
  const tone = notice.kind === "success" ? "border-emerald-300 bg-emerald-50 text-emerald-900" : "border-red-300 bg-red-50 text-red-900";
  return (
    <div role={notice.kind === "success" ? "status" : "alert"} className={`rounded-lg border p-4 ${tone}`}>
      <p className="font-semibold">{notice.title}</p>
      <p className="mt-1 text-sm">{notice.description}</p>
    </div>
  );
}
