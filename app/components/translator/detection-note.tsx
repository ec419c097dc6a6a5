// "Detected: X" with how sure detection is (docs/product.md#translator): under 20 characters a warning that detection
// is unreliable there, and one click to translate from the next likeliest language instead.
import { AlertTriangle } from "lucide-react";
import { languageLabel } from "@core/languages";

/** Below this many characters, detection is a guess (short texts share their letters with many languages). */
export const RELIABLE_DETECTION_CHARS = 20;

type Props = {
  detected: string;
  confidence?: number;
  nextLikely?: string;
  textLength: number;
  onOverride: (code: string) => void;
};

export function DetectionNote({ detected, confidence, nextLikely, textLength, onOverride }: Props) {
  const short = textLength < RELIABLE_DETECTION_CHARS;
  return (
    <span className="flex flex-col gap-1">
      <span data-testid="detected-language">
        Detected: {languageLabel(detected)}
        {confidence === undefined ? "" : ` (${Math.round(confidence)}% sure)`}
      </span>
      {short && (
        <span className="flex items-center gap-1 text-amber-800">
          <AlertTriangle className="size-4 shrink-0" aria-hidden />
          Detection is unreliable under {RELIABLE_DETECTION_CHARS} characters.
        </span>
      )}
      {nextLikely && (
        <button
          type="button"
          className="self-start text-indigo-700 underline underline-offset-2 hover:text-indigo-900"
          onClick={() => onOverride(nextLikely)}
        >
          Translate from {languageLabel(nextLikely)} instead
        </button>
      )}
    </span>
  );
}
