// POST /api/translate: shared by the translator screen and the API. Language codes are checked after the
// shape (the rules of docs/product.md#translator, in @core/languages) so that each gets its own message.
import * as z from "zod/mini";
import { FORMALITIES } from "../languages/formality";
import { formatCount } from "../format";

export const MAX_TRANSLATION_CHARS = 5000;
/** docs/decisions/0020-translator-controls.md: alternatives are offered for inputs up to this length, at most 3. */
export const SHORT_INPUT_CHARS = 200;
export const MAX_ALTERNATIVES = 3;
/** docs/product.md#translator: the latest translations the screen and the account page list. */
export const TRANSLATION_HISTORY_LIMIT = 20;
export const BLANK_TEXT_MESSAGE = "Please enter some text to translate.";
/** The error code of the 503 the API answers when no engine can translate (none configured, or none answering). */
export const TRANSLATION_NOT_CONFIGURED = "translation_not_configured";
export const TEXT_TOO_LONG_MESSAGE = `Text is too long: translate at most ${formatCount(MAX_TRANSLATION_CHARS)} characters at a time.`;

export const translateSchema = z.object({
  source: z.optional(z.nullable(z.unknown())),
  target: z.optional(z.nullable(z.unknown())),
  text: z.string({ error: BLANK_TEXT_MESSAGE }).check(
    z.refine((text) => text.trim().length > 0, BLANK_TEXT_MESSAGE),
    z.maxLength(MAX_TRANSLATION_CHARS, TEXT_TOO_LONG_MESSAGE),
  ),
  /** Optional engine preference: apertium, workers-ai or openai. */
  model: z.optional(z.nullable(z.string().check(z.maxLength(100)))),
  /** Formal or informal address, honoured by engines that can (the LLM engine). */
  formality: z.optional(z.nullable(z.enum(FORMALITIES))),
  /** How many alternative translations to ask for (short inputs, engines that offer them). */
  alternatives: z.optional(z.nullable(z.number().check(z.int(), z.gte(0), z.lte(MAX_ALTERNATIVES)))),
});

export type TranslateInput = z.input<typeof translateSchema>;

export type TranslateResult = {
  output: string;
  /** The source as sent (normalised), "auto" included. */
  source: string;
  target: string;
  /** The detected language when the source was "auto". */
  detectedSource?: string;
  /** With detectedSource: the detector's confidence (0–100) and the next likeliest language, for "translate from X instead". */
  detectedConfidence?: number;
  nextLikelySource?: string;
  engine: string;
  /** The user's glossary terms the output follows (only when the text held some). */
  glossaryApplied?: { term: string; translation: string }[];
  /** Other ways to say a short text (LLM engine). */
  alternatives?: string[];
};

export type TranslationRecord = {
  id: string;
  source: string;
  target: string;
  detectedSource: string | null;
  input: string;
  output: string;
  engine: string;
  createdAt: number;
  /** Starred: kept past the account's retention period. */
  favourite: boolean;
};

export type ReachableTargets = { source: string; targets: "all" | string[] };
