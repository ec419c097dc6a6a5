// Language detection in the Worker with eld (pure JS). Its n-gram data takes about a second to load, so it is
// imported on first use only, never at start-up. Confidence (docs/decisions/0019-libretranslate-api.md) is 0–100
// like LibreTranslate's: a softmax over eld's per-language scores (which are independent, not shares), so a clear
// lead reads near 100 and close rivals split it; halved when eld itself calls the guess unreliable.
import { checkLanguageCode } from "@core/languages";

type Detector = { detect(text: string): { language: string; isReliable(): boolean; getScores(): Record<string, number> } };
let detector: Promise<Detector> | undefined;

function loadDetector() {
  detector ??= import("eld/extrasmall").then((module) => module.eld as Detector);
  detector.catch(() => (detector = undefined));
  return detector;
}

/** One candidate language (a catalogue code) and how sure the detector is, 0–100 with two decimals. */
export type DetectedLanguage = { language: string; confidence: number };

/** Enough for a guess; longer texts only cost time. */
const SAMPLE_CHARS = 1000;
/** Candidates past the first few are noise for a person choosing another source. */
const MAX_CANDIDATES = 3;
/** The softmax's temperature: eld's scores of a clear winner lead by 0.1–0.3, close calls by under 0.05. */
const TEMPERATURE = 0.05;

const round2 = (value: number) => Math.round(value * 100) / 100;

/** The likeliest languages of the text, best first (empty when nothing can be told). */
export async function detectLanguages(text: string): Promise<DetectedLanguage[]> {
  const result = (await loadDetector()).detect(text.slice(0, SAMPLE_CHARS));
  if (!result.language) return [];
  const scores = Object.entries(result.getScores()).filter(([, score]) => score > 0);
  if (!scores.length) return [];
  const best = Math.max(...scores.map(([, score]) => score));
  const weights = scores.map(([code, score]) => [code, Math.exp((score - best) / TEMPERATURE)] as const);
  const total = weights.reduce((sum, [, weight]) => sum + weight, 0);
  const damping = result.isReliable() ? 1 : 0.5;
  const seen = new Set<string>();
  const candidates: DetectedLanguage[] = [];
  for (const [raw, weight] of [...weights].sort((a, b) => b[1] - a[1])) {
    const checked = checkLanguageCode(raw);
    if (!checked.ok || seen.has(checked.code)) continue;
    seen.add(checked.code);
    candidates.push({ language: checked.code, confidence: round2((100 * weight * damping) / total) });
    if (candidates.length === MAX_CANDIDATES) break;
  }
  return candidates;
}

/** The catalogue code of the text's language, or null when it cannot be told. */
export async function detectLanguage(text: string): Promise<string | null> {
  return (await detectLanguages(text))[0]?.language ?? null;
}
