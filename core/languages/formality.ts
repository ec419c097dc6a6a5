// Formality (docs/product.md#translator): a choice between formal and informal address only makes sense where the
// target language distinguishes them (T–V distinction or honorific registers), and only an engine that can honour
// it (the LLM engine) is asked to.
import { baseLanguage } from "./index";

export const FORMALITIES = ["auto", "formal", "informal"] as const;
export type Formality = (typeof FORMALITIES)[number];

/** Languages with formal and informal address, by base language. */
const WITH_FORMALITY = new Set(
  "de fr es it pt nl pl ru uk be cs sk sl hr sr bs bg mk ro hu el tr ja ko hi ur bn fa ca gl eu lt lv et fi vi th id ms ta te mr gu pa kn ml".split(
    " ",
  ),
);

export function hasFormality(target: string): boolean {
  return WITH_FORMALITY.has(baseLanguage(target));
}

export function isFormality(value: unknown): value is Formality {
  return typeof value === "string" && (FORMALITIES as readonly string[]).includes(value);
}
