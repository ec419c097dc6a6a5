// migrations/0006_owner_role.sql: the profile's is_admin flag becomes is_owner, and everyone who was an owner stays one.
// The migration's own statements run against a copy of profiles in its shape before 0006 (built by the earlier
// migrations' statements), so the live table, shared with the other tests of this file, is left alone.
import { env } from "cloudflare:test";
import { expect, it } from "vitest";
import { confirmedAccount } from "../support/auth";

const COPY = "profiles_before_0006";

/** A migration's statements that touch profiles, aimed at the copy. */
function profileStatements(name: string) {
  const migration = env.TEST_MIGRATIONS.find((candidate) => candidate.name === name);
  if (!migration) throw new Error(`no migration ${name}`);
  return migration.queries.filter((query) => query.includes("`profiles`")).map((query) => query.replaceAll("`profiles`", `\`${COPY}\``));
}

async function run(statements: string[]) {
  for (const statement of statements) await env.DB.prepare(statement).run();
}

it("renames is_admin to is_owner and keeps every owner an owner", async () => {
  const [owner, reader] = await Promise.all([confirmedAccount(), confirmedAccount()]);
  await run([...profileStatements("0001_accounts.sql"), ...profileStatements("0004_chat.sql")]);
  await env.DB.prepare(`INSERT INTO ${COPY} (id, is_admin, history_retention_days) VALUES (?, 1, 30), (?, 0, NULL)`)
    .bind(owner.body.session.user.id, reader.body.session.user.id)
    .run();

  await run(profileStatements("0006_owner_role.sql"));

  const columns = (await env.DB.prepare(`SELECT name FROM pragma_table_info('${COPY}')`).all<{ name: string }>()).results.map((row) => row.name);
  expect(columns).toEqual(["id", "is_owner", "history_retention_days"]);
  const rows = (await env.DB.prepare(`SELECT id, is_owner, history_retention_days FROM ${COPY}`).all()).results;
  expect(rows).toEqual(
    expect.arrayContaining([
      { id: owner.body.session.user.id, is_owner: 1, history_retention_days: 30 },
      { id: reader.body.session.user.id, is_owner: 0, history_retention_days: null },
    ]),
  );
  expect(rows).toHaveLength(2);
});

it("the live schema has the owner flag under its new name", async () => {
  const columns = (await env.DB.prepare("SELECT name FROM pragma_table_info('profiles')").all<{ name: string }>()).results.map((row) => row.name);
  expect(columns).toContain("is_owner");
  expect(columns).not.toContain("is_admin");
});
