// Machine translation for the inbox and the live chat, with Parley's own engines: the same service the translator
// uses (services/translation). A failing or missing engine never hides a message: the original stays, with a note.
import { checkLanguageCode } from "@core/languages";
import { DomainError } from "../errors";
import { translate, translationRouter } from "../translation";
import { detectLanguage } from "../translation/detect";

export type MachineTranslation = {
  /** The language the text was written in, as given or detected (null when it could not be told). */
  language: string | null;
  /** The text in `target`; null when it is already in `target`, or when no engine could translate it. */
  translation: string | null;
  /** Why there is no translation although one was needed, for the reader. */
  note: string | null;
};

export const TRANSLATION_UNAVAILABLE_NOTE = "The translation engine is not answering right now, so this shows the original only.";
export const TRANSLATION_UNSUPPORTED_NOTE = "No translation engine here translates this language pair, so this shows the original only.";

/** A catalogue code for a browser's or a form's language, or null. */
export function knownLanguage(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const checked = checkLanguageCode(raw);
  return checked.ok ? checked.code : null;
}

/** The language `text` is in: `given` when it is a catalogue code, else detected. */
export async function languageOf(text: string, given?: string | null): Promise<string | null> {
  return knownLanguage(given) ?? (text.trim() ? await detectLanguage(text).catch(() => null) : null);
}

/** `text` for a reader of `target`; never throws for an engine's failure (the note says it). */
export async function translateFor(env: Env, text: string, target: string, given?: string | null): Promise<MachineTranslation> {
  const language = await languageOf(text, given);
  if (!text.trim() || language === target) return { language, translation: null, note: null };
  if (!language) return { language, translation: null, note: "The language of this message could not be told, so it shows the original only." };
  try {
    const result = await translate(translationRouter(env), { source: language, target, text });
    return { language, translation: result.output, note: null };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const note = error.kind === "invalid_input" ? TRANSLATION_UNSUPPORTED_NOTE : TRANSLATION_UNAVAILABLE_NOTE;
    return { language, translation: null, note };
  }
}
