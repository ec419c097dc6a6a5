import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { backupFiles, DROP_SEARCH_INDEX, exportDatabase, RESTORE_SEARCH_INDEX } from "../../scripts/backup/export.mjs";
import { bin, offlineConfigHome, offlineEnv, projectRoot, remoteEnv } from "../../scripts/offline-env.mjs";
import { captureLog, fakeProject } from "./fake-cli";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe("npm run db:export:remote, with a fake wrangler", () => {
  const setup = (failures: { match: string; exit: number }[] = []) => {
    const fake = fakeProject('name = "parley"\n', { failures });
    folders.push(fake.root);
    const files = backupFiles(path.join(fake.root, "backups"), new Date("2026-11-22T23:40:05.123Z"));
    const run = () =>
      exportDatabase({
        root: fake.root,
        wrangler: fake.bins.wrangler,
        env: remoteEnv({ ...process.env, XDG_CONFIG_HOME: offlineConfigHome }),
        where: "--remote",
        files,
        log: captureLog().log,
      });
    return { fake, files, run };
  };

  it("drops the search index, exports schema then data, and rebuilds the index, on the remote database", () => {
    const { fake, files, run } = setup();
    expect(run()).toBe(0);
    expect(files.schema).toBe(path.join(fake.root, "backups", "parley-2026-11-22T23-40-05Z-schema.sql"));
    const target = ["DB", "--remote", "--config", path.join(fake.root, "wrangler.toml")];
    expect(fake.calls().map((call) => call.argv)).toEqual([
      ["d1", "execute", ...target, "--yes", "--file", DROP_SEARCH_INDEX],
      ["d1", "export", ...target, "--skip-confirmation", "--no-data", "--output", files.schema],
      ["d1", "export", ...target, "--skip-confirmation", "--no-schema", "--output", files.data],
      ["d1", "execute", ...target, "--yes", "--file", RESTORE_SEARCH_INDEX],
    ]);
    expect(fake.calls().every((call) => call.xdgConfigHome === null && call.sendMetrics === "false")).toBe(true);
  });

  it("rebuilds the search index even when the export fails", () => {
    const { fake, run } = setup([{ match: "--no-data", exit: 1 }]);
    expect(run()).toBe(1);
    expect(fake.calls().map((call) => call.argv.at(-1))).toEqual([DROP_SEARCH_INDEX, expect.stringMatching(/-schema\.sql$/), RESTORE_SEARCH_INDEX]);
  });

  it("rebuilds the search index when dropping it fails part-way, and fails", () => {
    const { fake, run } = setup([{ match: "drop-search-index", exit: 1 }]);
    expect(run()).toBe(1);
    expect(fake.calls().map((call) => call.argv.at(-1))).toEqual([DROP_SEARCH_INDEX, RESTORE_SEARCH_INDEX]);
  });
});

// The real thing against local D1, which refuses a database with a virtual table exactly as the remote one does.
describe("export and restore through wrangler and local D1", () => {
  const env = offlineEnv();
  const wrangler = (root: string, args: string[]) => {
    const result = spawnSync(bin("wrangler"), args, { cwd: root, env, encoding: "utf8" });
    if (result.status !== 0) throw new Error(`wrangler ${args.join(" ")} failed:\n${result.stderr}\n${result.stdout}`);
    return result.stdout;
  };
  /** The results of each statement, in order: one wrangler run for several reads. */
  const query = (root: string, ...statements: string[]) =>
    (JSON.parse(wrangler(root, ["d1", "execute", "DB", "--local", "--json", "--command", statements.join("; ")])) as { results: unknown[] }[]).map(
      (statement) => statement.results,
    );
  const runFile = (root: string, file: string) => wrangler(root, ["d1", "execute", "DB", "--local", "--file", file]);

  /** A project with the app's migrations and its own local database. */
  function localProject() {
    const root = mkdtempSync(path.join(os.tmpdir(), "parley-export-test-"));
    folders.push(root);
    writeFileSync(
      path.join(root, "wrangler.toml"),
      'name = "parley"\ncompatibility_date = "2026-04-20"\n\n[[d1_databases]]\nbinding = "DB"\ndatabase_name = "parley"\ndatabase_id = "6f1c3a52-93d4-4e1b-8f0a-2b7d5c9e4a10"\nmigrations_dir = "migrations"\n',
    );
    cpSync(path.join(projectRoot, "migrations"), path.join(root, "migrations"), { recursive: true });
    return root;
  }

  const indexSchema = "SELECT type, name, sql FROM sqlite_master WHERE name LIKE 'posts_fts%' ORDER BY name";
  const search = "SELECT rowid FROM posts_fts WHERE posts_fts MATCH 'privacy' ORDER BY rowid";
  // One docsize row per indexed post (a count over posts_fts itself would read its content table, posts).
  const counts =
    "SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM posts) AS posts, (SELECT count(*) FROM posts_fts_docsize) AS indexed";

  it("exports a database with the FTS5 index, leaves the index as migrated, and the files restore into an empty database", {
    timeout: 180_000,
  }, () => {
    const source = localProject();
    wrangler(source, ["d1", "migrations", "apply", "DB", "--local"]);
    // The demo posts plus a draft: the index holds published posts only, before and after.
    const seed = path.join(source, "seed.sql");
    writeFileSync(
      seed,
      `${readFileSync(path.join(projectRoot, "seeds", "0001_blog_demo.sql"), "utf8")}\nUPDATE posts SET published = 0 WHERE rowid = (SELECT max(rowid) FROM posts);\n`,
    );
    runFile(source, seed);
    const before = query(source, indexSchema, counts, search);
    const [{ posts, indexed }] = before[1] as [{ posts: number; indexed: number }];
    expect(indexed).toBe(posts - 1);
    expect(before[2]).not.toEqual([]);
    expect(() => wrangler(source, ["d1", "export", "DB", "--local", "--output", path.join(source, "plain.sql")])).toThrow("Virtual Tables");

    const files = backupFiles(path.join(source, "backups"));
    const out = captureLog();
    expect(exportDatabase({ root: source, wrangler: bin("wrangler"), env, where: "--local", files, log: out.log, stdio: "pipe" }), out.text()).toBe(
      0,
    );
    expect(readFileSync(files.data, "utf8")).toContain('INSERT INTO "posts"');
    expect(readFileSync(files.schema, "utf8") + readFileSync(files.data, "utf8")).not.toContain("posts_fts");
    expect(query(source, indexSchema, counts, search)).toEqual(before);

    const target = localProject();
    for (const file of [files.schema, files.data, RESTORE_SEARCH_INDEX]) runFile(target, file);
    const [index, restoredCounts, hits, applied] = query(target, indexSchema, counts, search, "SELECT name FROM d1_migrations ORDER BY id");
    expect([index, restoredCounts, hits]).toEqual(before);
    const migrations = readdirSync(path.join(projectRoot, "migrations"))
      .filter((name) => name.endsWith(".sql"))
      .sort();
    expect(applied).toEqual(migrations.map((name) => ({ name })));
  });
});
