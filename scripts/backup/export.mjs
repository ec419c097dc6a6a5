// Exports the D1 database as two SQL files, schema then data. D1 refuses to export a database that holds a
// virtual table, so the blog's FTS5 search index is dropped for the export and rebuilt afterwards, also when
// the export fails. Two files rather than one: a whole-database dump creates each table just before its rows, so
// rows referring to a later table (profiles → users) fail to import; schema first, then data, imports cleanly.
import { spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DATABASE_BINDING } from "../deploy/checks.mjs";
import { wranglerConfigPath } from "../deploy/facts.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
export const DROP_SEARCH_INDEX = path.join(here, "drop-search-index.sql");
export const RESTORE_SEARCH_INDEX = path.join(here, "restore-search-index.sql");

/** File names that sort by time, e.g. parley-2026-11-22T23-40-05Z-schema.sql. */
export function backupFiles(outDir, now = new Date()) {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replaceAll(":", "-");
  return { schema: path.join(outDir, `parley-${stamp}-schema.sql`), data: path.join(outDir, `parley-${stamp}-data.sql`) };
}

/**
 * Runs the export against the remote database (where: "--remote") or the local one ("--local").
 * Returns the exit code; on success the two files are written.
 */
export function exportDatabase({ root, wrangler, env, where, files, log = console, stdio = "inherit" }) {
  const target = [DATABASE_BINDING, where, "--config", wranglerConfigPath(root)];
  for (const file of Object.values(files)) mkdirSync(path.dirname(file), { recursive: true });
  const run = (title, args) => {
    log.log(`\n▸ ${title}`);
    const result = spawnSync(wrangler, args, { cwd: root, env, stdio, encoding: "utf8" });
    const ok = !result.error && result.status === 0;
    if (!ok)
      log.error(
        `✖ ${title} failed (${result.error?.message ?? `exit code ${result.status ?? result.signal}`}).${result.stderr ? `\n${result.stderr.trim()}` : ""}`,
      );
    return ok;
  };
  const exported =
    run("Dropping the blog search index (D1 cannot export it)", ["d1", "execute", ...target, "--yes", "--file", DROP_SEARCH_INDEX]) &&
    run("Exporting the schema", ["d1", "export", ...target, "--skip-confirmation", "--no-data", "--output", files.schema]) &&
    run("Exporting the data", ["d1", "export", ...target, "--skip-confirmation", "--no-schema", "--output", files.data]);
  // Always, since a failed drop may have removed part of the index; the rebuild works from any state.
  const restored = run("Rebuilding the blog search index", ["d1", "execute", ...target, "--yes", "--file", RESTORE_SEARCH_INDEX]);
  if (!restored)
    log.error(
      `✖ Blog search stays broken until this succeeds: npx wrangler d1 execute ${target.slice(0, 2).join(" ")} --file scripts/backup/restore-search-index.sql`,
    );
  if (!exported || !restored) return 1;
  log.log(`\n✔ Exported to ${files.schema} and ${files.data}`);
  return 0;
}
