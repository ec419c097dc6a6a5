import { describe, expect, it } from "vitest";
import { configRefusals, deployChecks, PLACEHOLDER_DATABASE_ID, type WranglerConfig } from "../../scripts/deploy/checks.mjs";

const REAL_ID = "6f1c3a52-93d4-4e1b-8f0a-2b7d5c9e4a10";

/** A config that passes every check, with the given changes. */
function config(changes: Partial<WranglerConfig> = {}, vars: Record<string, unknown> = {}): WranglerConfig {
  return {
    name: "parley",
    d1_databases: [{ binding: "DB", database_name: "parley", database_id: REAL_ID }],
    ...changes,
    vars: { MAIL_FROM: "Parley <hello@parley.example>", MAIL_API_URL: "https://api.resend.com/emails", ...vars },
  };
}

const readySecrets = ["AUTH_SECRET", "MAIL_API_KEY"];
const codes = (findings: { code: string }[]) => findings.map((finding) => finding.code);

describe("deploy checks", () => {
  it("pass a configured deploy: real database id, AUTH_SECRET, mail, no outbox", () => {
    expect(deployChecks({ config: config(), secretNames: readySecrets })).toEqual({ refusals: [], warnings: [] });
  });

  it("refuse the placeholder database_id, saying how to create the database", () => {
    const placeholder = config({ d1_databases: [{ binding: "DB", database_name: "parley", database_id: PLACEHOLDER_DATABASE_ID }] });
    const { refusals } = deployChecks({ config: placeholder, secretNames: readySecrets });
    expect(codes(refusals)).toEqual(["database-id-placeholder"]);
    expect(refusals[0]?.message).toContain(PLACEHOLDER_DATABASE_ID);
    expect(refusals[0]?.message).toContain("npx wrangler d1 create parley");
  });

  it("refuse a DB binding without a database_id, and a config without the DB binding", () => {
    const noId = config({ d1_databases: [{ binding: "DB", database_name: "parley" }] });
    expect(codes(configRefusals(noId))).toEqual(["database-id-placeholder"]);
    const otherBinding = config({ d1_databases: [{ binding: "OTHER", database_id: REAL_ID }] });
    expect(codes(configRefusals(otherBinding))).toEqual(["database-missing"]);
  });

  it("refuse when AUTH_SECRET is not a secret of the Worker, even if it is in [vars]", () => {
    const missing = deployChecks({ config: config(), secretNames: ["MAIL_API_KEY"] });
    expect(codes(missing.refusals)).toEqual(["auth-secret-missing"]);
    expect(missing.refusals[0]?.message).toContain("wrangler secret put AUTH_SECRET");
    const inVars = deployChecks({ config: config({}, { AUTH_SECRET: "committed-by-mistake" }), secretNames: ["MAIL_API_KEY"] });
    expect(codes(inVars.refusals)).toEqual(["auth-secret-missing"]);
    expect(inVars.refusals[0]?.message).toContain("[vars] entry does not count");
  });

  it("refuse the outbox without mail, whether DEV_OUTBOX is a var or a secret", () => {
    const asVar = deployChecks({ config: config({}, { DEV_OUTBOX: "1", MAIL_FROM: "" }), secretNames: ["AUTH_SECRET"] });
    expect(codes(asVar.refusals)).toEqual(["outbox-without-mail"]);
    expect(asVar.refusals[0]?.message).toContain("anyone can read at /dev/outbox");
    expect(asVar.refusals[0]?.message).toContain("Remove DEV_OUTBOX from wrangler.toml [vars]");
    const asSecret = deployChecks({ config: config(), secretNames: ["AUTH_SECRET", "DEV_OUTBOX"] });
    expect(codes(asSecret.refusals)).toEqual(["outbox-without-mail"]);
    expect(asSecret.refusals[0]?.message).toContain("npx wrangler secret delete DEV_OUTBOX");
  });

  it("count mail as configured only with both MAIL_FROM and MAIL_API_KEY", () => {
    const keyOnly = deployChecks({ config: config({}, { DEV_OUTBOX: "1", MAIL_FROM: "  " }), secretNames: readySecrets });
    expect(codes(keyOnly.refusals)).toEqual(["outbox-without-mail"]);
    const senderAsSecret = deployChecks({ config: config({}, { DEV_OUTBOX: "1", MAIL_FROM: "" }), secretNames: [...readySecrets, "MAIL_FROM"] });
    expect(codes(senderAsSecret.refusals)).toEqual(["outbox-on"]);
  });

  it("refuse the outbox page on a deployed site even when mail is configured", () => {
    const { refusals } = deployChecks({ config: config({}, { DEV_OUTBOX: "1" }), secretNames: readySecrets });
    expect(codes(refusals)).toEqual(["outbox-on"]);
    expect(refusals[0]?.message).toContain("/dev/outbox would exist on the deployed site");
  });

  it('read DEV_OUTBOX as the Worker does: only the string "1" turns it on', () => {
    for (const value of ["", "0", 1, true]) {
      expect(codes(deployChecks({ config: config({}, { DEV_OUTBOX: value }), secretNames: readySecrets }).refusals)).toEqual([]);
    }
  });

  it("warn, without refusing, when there is neither mail nor outbox", () => {
    const { refusals, warnings } = deployChecks({ config: config({}, { MAIL_FROM: "" }), secretNames: ["AUTH_SECRET"] });
    expect(refusals).toEqual([]);
    expect(codes(warnings)).toEqual(["mail-not-configured"]);
    expect(warnings[0]?.message).toContain("Email is not configured on this server");
  });

  it("list every refusal at once", () => {
    const bad = config({ d1_databases: [{ binding: "DB", database_id: PLACEHOLDER_DATABASE_ID }] }, { DEV_OUTBOX: "1", MAIL_FROM: "" });
    expect(codes(deployChecks({ config: bad, secretNames: [] }).refusals)).toEqual([
      "database-id-placeholder",
      "auth-secret-missing",
      "outbox-without-mail",
    ]);
  });
});
