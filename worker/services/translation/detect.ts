// Language detection in the Worker with eld (pure JS). Its n-gram data takes about a second to load, so it is
// imported on first use only, never at start-up.
import { checkLanguageCode } from "@core/languages";

type Detector = { detect(text: string): { language: string; isReliable(): boolean } };
let detector: Promise<Detector> | undefined;

function loadDetector() {
  detector ??= import("eld/extrasmall").then((module) => module.eld as Detector);
  detector.catch(() => (detector = undefined));
  return detector;
}

/** The catalogue code of the text's language, or null when it cannot be told. */
export async function detectLanguage(text: string): Promise<string | null> {
  const { language } = (await loadDetector()).detect(text.slice(0, 1000));
  if (!language) return null;
  const checked = checkLanguageCode(language);
  return checked.ok ? checked.code : null;
}
