// Read aloud (docs/product.md#translator): the browser's own speech synthesis, so no request leaves the page. The
// button is there only when the browser has a voice for the language (voices may arrive late: "voiceschanged").
import { Square, Volume2 } from "lucide-react";
import { startTransition, useEffect, useState } from "react";
import { baseLanguage } from "@core/languages";

/** The browser's voice for a catalogue code: one for the exact tag first, else one for the language. */
export function voiceFor(voices: readonly SpeechSynthesisVoice[], code: string): SpeechSynthesisVoice | undefined {
  const tag = code.toLowerCase();
  const exact = voices.find((voice) => voice.lang.replace(/_/g, "-").toLowerCase() === tag);
  return exact ?? voices.find((voice) => baseLanguage(voice.lang) === baseLanguage(code));
}

/** The browser's voices, kept up to date; empty where there is no speech synthesis (and on the server). */
function useVoices() {
  const [voices, setVoices] = useState<SpeechSynthesisVoice[]>([]);
  useEffect(() => {
    const synthesis = typeof window !== "undefined" ? window.speechSynthesis : undefined;
    if (!synthesis) return;
    // A transition, so that the page's first effects stay short (decision 0029); no voices at all changes nothing.
    const update = () => {
      const next = synthesis.getVoices();
      startTransition(() => setVoices((current) => (current.length === 0 && next.length === 0 ? current : next)));
    };
    update();
    synthesis.addEventListener("voiceschanged", update);
    return () => synthesis.removeEventListener("voiceschanged", update);
  }, []);
  return voices;
}

export function SpeakButton({ text, lang, label }: { text: string; lang: string | null; label: string }) {
  const voices = useVoices();
  const [speaking, setSpeaking] = useState(false);
  const voice = lang ? voiceFor(voices, lang) : undefined;

  // Leaving the screen stops the reading.
  useEffect(() => {
    return () => {
      if (speaking) window.speechSynthesis.cancel();
    };
  }, [speaking]);

  if (!voice) return null;

  function toggle() {
    const synthesis = window.speechSynthesis;
    if (speaking) {
      synthesis.cancel();
      setSpeaking(false);
      return;
    }
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.voice = voice ?? null;
    utterance.lang = voice?.lang ?? lang ?? "";
    utterance.onend = () => setSpeaking(false);
    utterance.onerror = () => setSpeaking(false);
    synthesis.cancel();
    synthesis.speak(utterance);
    setSpeaking(true);
  }

  return (
    <button
      type="button"
      className="btn-secondary"
      aria-label={speaking ? "Stop reading" : label}
      aria-pressed={speaking}
      disabled={!text.trim()}
      onClick={toggle}
    >
      {speaking ? <Square className="size-4" aria-hidden /> : <Volume2 className="size-4" aria-hidden />}
    </button>
  );
}
