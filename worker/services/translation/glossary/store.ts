// Glossaries in D1 (docs/product.md#translator): per user and language pair, term → translation. Terms are unique
// per pair ignoring case, and a pair holds at most MAX_GLOSSARY_TERMS. Every query filters by the user.
import { and, asc, eq } from "drizzle-orm";
import { checkLanguageCode } from "@core/languages";
import { GLOSSARY_FULL, MAX_GLOSSARY_TERMS, type GlossaryEntry, type GlossaryRow, type GlossaryTermInput } from "@core/schemas/glossary";
import type { Database } from "../../../db/client";
import { glossaryTerms } from "../../../db/schema";
import { Conflict, InvalidInput, NotFound } from "../../errors";

export type GlossaryPair = { source: string; target: string };

function codeOrThrow(raw: unknown, field: "source" | "target") {
  const checked = checkLanguageCode(raw);
  if (!checked.ok) throw new InvalidInput(`language_${checked.reason}`, checked.message, { [field]: checked.message });
  return checked.code;
}

/** A glossary's pair: two different catalogue languages ("auto" is not one: a glossary belongs to a known source). */
export function checkGlossaryPair(source: unknown, target: unknown): GlossaryPair {
  const pair = { source: codeOrThrow(source, "source"), target: codeOrThrow(target, "target") };
  if (pair.source === pair.target) throw new InvalidInput("glossary_same_language", "Choose two different languages for a glossary.");
  return pair;
}

function ofPair(userId: string, { source, target }: GlossaryPair) {
  return and(eq(glossaryTerms.userId, userId), eq(glossaryTerms.sourceLang, source), eq(glossaryTerms.targetLang, target));
}

/** The pair's terms, in alphabetical order. */
export async function listGlossary(db: Database, userId: string, pair: GlossaryPair): Promise<GlossaryRow[]> {
  return db
    .select({ id: glossaryTerms.id, term: glossaryTerms.term, translation: glossaryTerms.translation })
    .from(glossaryTerms)
    .where(ofPair(userId, pair))
    .orderBy(asc(glossaryTerms.term));
}

/** The pair's terms for a translation. */
export async function glossaryEntries(db: Database, userId: string, pair: GlossaryPair): Promise<GlossaryEntry[]> {
  return (await listGlossary(db, userId, pair)).map(({ term, translation }) => ({ term, translation }));
}

const sameTerm = (a: string, b: string) => a.toLocaleLowerCase() === b.toLocaleLowerCase();

export async function addGlossaryTerm(db: Database, userId: string, pair: GlossaryPair, input: GlossaryTermInput): Promise<GlossaryRow> {
  const existing = await listGlossary(db, userId, pair);
  if (existing.some(({ term }) => sameTerm(term, input.term))) {
    throw new Conflict("glossary_term_exists", `"${input.term}" is already in this glossary. Remove it first to change its translation.`);
  }
  if (existing.length >= MAX_GLOSSARY_TERMS) throw new InvalidInput("glossary_full", GLOSSARY_FULL);
  const row = { id: crypto.randomUUID(), term: input.term, translation: input.translation };
  await db
    .insert(glossaryTerms)
    .values({ ...row, userId, sourceLang: pair.source, targetLang: pair.target })
    .run();
  return row;
}

/** Removes one of the user's terms; someone else's (or a missing one) is NotFound. */
export async function removeGlossaryTerm(db: Database, userId: string, id: string): Promise<void> {
  const result = await db
    .delete(glossaryTerms)
    .where(and(eq(glossaryTerms.id, id), eq(glossaryTerms.userId, userId)))
    .run();
  if (!result.meta.changes) throw new NotFound("This term is not in your glossary.");
}

/**
 * Merges imported entries into the pair's glossary: a term already there takes the imported translation, new terms
 * are added. All or nothing: over the limit, nothing changes. Returns how many terms were added and updated.
 */
export async function importGlossary(db: Database, userId: string, pair: GlossaryPair, entries: readonly GlossaryEntry[]) {
  const existing = await listGlossary(db, userId, pair);
  const merged = new Map(existing.map((row) => [row.term.toLocaleLowerCase(), row]));
  let added = 0;
  let updated = 0;
  const writes = [];
  for (const entry of entries) {
    const key = entry.term.toLocaleLowerCase();
    const current = merged.get(key);
    if (current) {
      if (current.translation !== entry.translation) updated++;
      merged.set(key, { ...current, translation: entry.translation });
      writes.push(
        db
          .update(glossaryTerms)
          .set({ translation: entry.translation })
          .where(and(eq(glossaryTerms.id, current.id), eq(glossaryTerms.userId, userId))),
      );
    } else {
      const row = { id: crypto.randomUUID(), ...entry };
      merged.set(key, row);
      added++;
      writes.push(db.insert(glossaryTerms).values({ ...row, userId, sourceLang: pair.source, targetLang: pair.target }));
    }
  }
  if (merged.size > MAX_GLOSSARY_TERMS) {
    throw new InvalidInput("glossary_full", `Nothing was imported: the glossary would hold ${merged.size} terms. ${GLOSSARY_FULL}`);
  }
  const [first, ...rest] = writes;
  if (first) await db.batch([first, ...rest]);
  return { added, updated };
}
