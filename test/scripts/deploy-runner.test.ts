import { rmSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { PLACEHOLDER_DATABASE_ID } from "../../scripts/deploy/checks.mjs";
import { deploy, migrateRemote } from "../../scripts/deploy/runner.mjs";
import { offlineConfigHome } from "../../scripts/offline-env.mjs";
import { type Behaviour, captureLog, fakeProject } from "./fake-cli";

const REAL_ID = "6f1c3a52-93d4-4e1b-8f0a-2b7d5c9e4a10";

function wranglerToml({ databaseId = REAL_ID, vars = 'MAIL_FROM = "Parley <hello@parley.example>"' } = {}) {
  return `name = "parley"
main = "worker/index.ts"

[[d1_databases]]
binding = "DB"
database_name = "parley"
database_id = "${databaseId}"
migrations_dir = "migrations"

[vars]
${vars}
`;
}

const secrets = (...names: string[]) =>
  JSON.stringify(
    names.map((name) => ({ name, type: "secret_text" })),
    null,
    "  ",
  );
const ready: Behaviour = { secretList: secrets("AUTH_SECRET", "MAIL_API_KEY") };

const roots: string[] = [];
function project(toml: string, behaviour: Behaviour) {
  const fake = fakeProject(toml, behaviour);
  roots.push(fake.root);
  return fake;
}
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** The environment `npm run deploy` gets when started through the project's offline wrapper. */
const offlineShell = { ...process.env, XDG_CONFIG_HOME: offlineConfigHome };

describe("npm run deploy", () => {
  it("checks, builds, applies the remote migrations, then deploys, in that order", () => {
    const fake = project(wranglerToml(), ready);
    const out = captureLog();
    expect(deploy({ root: fake.root, bins: fake.bins, baseEnv: offlineShell, log: out.log })).toBe(0);
    const config = path.join(fake.root, "wrangler.toml");
    expect(fake.calls().map((call) => [call.tool, ...call.argv])).toEqual([
      ["wrangler", "secret", "list", "--format", "json", "--config", config],
      ["react-router", "build"],
      ["wrangler", "d1", "migrations", "apply", "DB", "--remote", "--config", config],
      ["wrangler", "deploy"],
    ]);
    expect(fake.calls().every((call) => call.cwd === fake.root)).toBe(true);
    expect(out.text()).toContain("Deploy checks passed");
  });

  it("runs remote commands with the user's wrangler login and the build offline, all without telemetry", () => {
    const fake = project(wranglerToml(), ready);
    deploy({ root: fake.root, bins: fake.bins, baseEnv: offlineShell, log: captureLog().log });
    const calls = fake.calls();
    for (const call of calls.filter((call) => call.tool === "wrangler")) expect(call.xdgConfigHome).toBeNull();
    expect(calls.find((call) => call.tool === "react-router")?.xdgConfigHome).toBe(offlineConfigHome);
    expect(calls.every((call) => call.sendMetrics === "false")).toBe(true);
  });

  it("keeps the user's own XDG_CONFIG_HOME for remote commands: their login lives there", () => {
    const fake = project(wranglerToml(), ready);
    deploy({ root: fake.root, bins: fake.bins, baseEnv: { ...process.env, XDG_CONFIG_HOME: "/home/someone/.config" }, log: captureLog().log });
    expect(
      fake
        .calls()
        .filter((call) => call.tool === "wrangler")
        .map((call) => call.xdgConfigHome),
    ).toEqual(["/home/someone/.config", "/home/someone/.config", "/home/someone/.config"]);
  });

  const refusals: [string, string, Behaviour, string][] = [
    ["the placeholder database_id", wranglerToml({ databaseId: PLACEHOLDER_DATABASE_ID }), ready, "placeholder database_id"],
    ["no AUTH_SECRET secret", wranglerToml(), { secretList: secrets("MAIL_API_KEY") }, "AUTH_SECRET is not set as a secret"],
    [
      "the outbox on without mail",
      wranglerToml({ vars: 'DEV_OUTBOX = "1"\nMAIL_FROM = ""' }),
      { secretList: secrets("AUTH_SECRET") },
      "DEV_OUTBOX is on",
    ],
  ];
  for (const [what, toml, behaviour, message] of refusals) {
    it(`stops before building, migrating or deploying on ${what}`, () => {
      const fake = project(toml, behaviour);
      const out = captureLog();
      expect(deploy({ root: fake.root, bins: fake.bins, baseEnv: offlineShell, log: out.log })).toBe(1);
      expect(fake.calls().map((call) => call.argv.slice(0, 2).join(" "))).toEqual(["secret list"]);
      expect(out.text()).toContain("Not deploying");
      expect(out.text()).toContain(message);
    });
  }

  it("stops when the secrets cannot be listed, with wrangler's reason and how to log in", () => {
    const fake = project(wranglerToml({ databaseId: PLACEHOLDER_DATABASE_ID }), { secretListExit: 1 });
    const out = captureLog();
    expect(deploy({ root: fake.root, bins: fake.bins, baseEnv: offlineShell, log: out.log })).toBe(1);
    expect(fake.calls()).toHaveLength(1);
    expect(out.text()).toContain("Not logged in.");
    expect(out.text()).toContain("npx wrangler login");
    expect(out.text()).toContain("placeholder database_id");
  });

  it("does not deploy when the migrations fail", () => {
    const fake = project(wranglerToml(), { ...ready, failures: [{ match: "d1 migrations apply", exit: 3 }] });
    const out = captureLog();
    expect(deploy({ root: fake.root, bins: fake.bins, baseEnv: offlineShell, log: out.log })).toBe(3);
    expect(fake.calls().map((call) => call.argv[0])).toEqual(["secret", "build", "d1"]);
    expect(out.text()).toContain("Applying D1 migrations to the remote database failed (exit code 3)");
  });

  it("refuses a wrangler.toml it cannot parse, before calling wrangler", () => {
    const fake = project("name = \n", ready);
    const out = captureLog();
    expect(deploy({ root: fake.root, bins: fake.bins, baseEnv: offlineShell, log: out.log })).toBe(1);
    expect(fake.calls()).toEqual([]);
    expect(out.text()).toContain("Could not read");
  });
});

describe("npm run db:migrate:remote", () => {
  it("applies the remote migrations alone, with the user's wrangler login", () => {
    const fake = project(wranglerToml(), {});
    expect(migrateRemote({ root: fake.root, bins: fake.bins, baseEnv: offlineShell, log: captureLog().log })).toBe(0);
    const calls = fake.calls();
    expect(calls.map((call) => call.argv)).toEqual([
      ["d1", "migrations", "apply", "DB", "--remote", "--config", path.join(fake.root, "wrangler.toml")],
    ]);
    expect(calls[0]?.xdgConfigHome).toBeNull();
  });

  it("refuses the placeholder database_id without calling wrangler", () => {
    const fake = project(wranglerToml({ databaseId: PLACEHOLDER_DATABASE_ID }), {});
    const out = captureLog();
    expect(migrateRemote({ root: fake.root, bins: fake.bins, baseEnv: offlineShell, log: out.log })).toBe(1);
    expect(fake.calls()).toEqual([]);
    expect(out.text()).toContain("npx wrangler d1 create parley");
  });
});
