// The extras of one signed-in user's translation request: their glossary for the pair, and the formality and
// alternatives they asked for. Shared by the JSON API and the page's action.
import type { Formality } from "@core/languages/formality";
import type { Database } from "../../db/client";
import type { TranslationExtras } from "./extras";
import { glossaryEntries } from "./glossary/store";

export function userTranslationExtras(
  db: Database,
  userId: string,
  asked: { formality?: Formality | null; alternatives?: number | null },
): TranslationExtras {
  return {
    glossary: (source, target) => glossaryEntries(db, userId, { source, target }),
    formality: asked.formality ?? null,
    alternatives: asked.alternatives ?? null,
  };
}
