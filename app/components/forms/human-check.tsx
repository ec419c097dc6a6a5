// The automatic human check inside a protected form (docs/decisions/0018-bot-protection.md): one status line, the
// same height in every state so nothing moves, announced politely to screen readers. Nothing to click or solve.
import { ShieldCheck } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { humanCheckText } from "~/content/human-check";
import { useHydrated } from "~/lib/use-hydrated";
import { type CheckState, ProofGate } from "./proof-gate";

/** Put inside the form it protects; `className` sets the line's colours for the form's background. */
export function HumanCheck({ className = "text-slate-600" }: { className?: string }) {
  const hydrated = useHydrated();
  const lineRef = useRef<HTMLDivElement>(null);
  const widgetRef = useRef<HTMLSpanElement>(null);
  const [state, setState] = useState<CheckState>("idle");

  useEffect(() => {
    const form = lineRef.current?.closest("form");
    if (!form || !widgetRef.current) return;
    const gate = new ProofGate(form, widgetRef.current, setState);
    return () => gate.dispose();
  }, []);

  return (
    <div ref={lineRef} className={`flex min-h-5 items-center gap-1.5 text-xs ${className}`} data-human-check={hydrated ? state : "no-script"}>
      <ShieldCheck className="size-3.5 shrink-0" aria-hidden />
      {/* A live region, not role="status": the form's own answer keeps that role. The server's HTML (and a browser
          without JavaScript) says how the form works without the check. Its longest wording (that one) sits unseen
          under the words, so the line is as tall in every state and nothing below it moves. */}
      <span aria-live="polite" className="steady-words" data-longest={humanCheckText.noScript}>
        {hydrated ? humanCheckText[state] : humanCheckText.noScript}
      </span>
      {/* The ALTCHA widget goes here once needed; its own UI stays hidden, its hidden field carries the proof. */}
      <span ref={widgetRef} hidden />
    </div>
  );
}
