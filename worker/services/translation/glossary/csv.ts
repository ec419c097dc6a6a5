// Glossary CSV (docs/product.md#translator): two columns, term and translation, with an optional header row. Import
// checks every row against the same bounds as the table and names the rows at fault; export writes what import reads.
import Papa from "papaparse";
import { GLOSSARY_CSV_COLUMNS, glossaryTermSchema, MAX_GLOSSARY_CSV_BYTES, type GlossaryEntry } from "@core/schemas/glossary";
import { InvalidInput } from "../../errors";

const MAX_LISTED_ERRORS = 3;

/** Undoes export's formula guard: a cell it wrote as '=… (or '+, '-, '@) reads back as =…. */
function unguard(cell: string) {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

function isHeader(row: string[]) {
  return row.length >= 2 && row[0]?.trim().toLowerCase() === GLOSSARY_CSV_COLUMNS[0] && row[1]?.trim().toLowerCase() === GLOSSARY_CSV_COLUMNS[1];
}

/** The entries of a CSV file, or InvalidInput saying which rows are wrong and why. */
export function parseGlossaryCsv(text: string): GlossaryEntry[] {
  if (new TextEncoder().encode(text).length > MAX_GLOSSARY_CSV_BYTES) {
    throw new InvalidInput("glossary_csv_too_large", `The CSV file is too large: at most ${MAX_GLOSSARY_CSV_BYTES / 1024} KB.`);
  }
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { skipEmptyLines: "greedy" });
  const rows = parsed.data.filter((row) => row.some((cell) => cell.trim()));
  const [first] = rows;
  if (first && isHeader(first)) rows.shift();
  if (!rows.length) throw new InvalidInput("glossary_csv_empty", "The CSV file has no terms. Each row needs a term and its translation.");
  const problems: string[] = [];
  const entries: GlossaryEntry[] = [];
  rows.forEach((row, index) => {
    const line = `Row ${index + 1}`;
    if (row.length !== 2) {
      problems.push(`${line}: expected 2 columns (term, translation), found ${row.length}.`);
      return;
    }
    const checked = glossaryTermSchema.safeParse({ term: unguard(row[0] ?? ""), translation: unguard(row[1] ?? "") });
    if (checked.success) entries.push(checked.data);
    else problems.push(`${line}: ${checked.error.issues[0]?.message ?? "invalid"}`);
  });
  if (problems.length) {
    const more = problems.length > MAX_LISTED_ERRORS ? ` (and ${problems.length - MAX_LISTED_ERRORS} more)` : "";
    throw new InvalidInput("glossary_csv_invalid", `Nothing was imported. ${problems.slice(0, MAX_LISTED_ERRORS).join(" ")}${more}`);
  }
  return entries;
}

/** The glossary as CSV, with a header row. A cell that a spreadsheet would run as a formula is quoted as text. */
export function glossaryCsv(entries: readonly GlossaryEntry[]): string {
  return Papa.unparse(
    { fields: [...GLOSSARY_CSV_COLUMNS], data: entries.map(({ term, translation }) => [term, translation]) },
    { escapeFormulae: true, newline: "\r\n" },
  );
}
