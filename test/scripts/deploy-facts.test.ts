import { describe, expect, it } from "vitest";
import { deployChecks } from "../../scripts/deploy/checks.mjs";
import { parseSecretList, readWranglerConfig } from "../../scripts/deploy/facts.mjs";
import { projectRoot } from "../../scripts/offline-env.mjs";

describe("wrangler secret list output", () => {
  it("reads the names from the JSON list, after any notice wrangler prints first", () => {
    const stdout =
      'Using redirected Wrangler configuration.\n[\n  {\n    "name": "AUTH_SECRET",\n    "type": "secret_text"\n  },\n  {\n    "name": "MAIL_API_KEY",\n    "type": "secret_text"\n  }\n]\n';
    expect(parseSecretList(stdout)).toEqual(["AUTH_SECRET", "MAIL_API_KEY"]);
    expect(parseSecretList("[]\n")).toEqual([]);
  });

  it("refuses output that is not a list of secrets", () => {
    expect(() => parseSecretList("Secret Name: AUTH_SECRET\n")).toThrow("no JSON list");
    expect(() => parseSecretList('[{ "type": "secret_text" }]')).toThrow("list of { name }");
  });
});

describe("the project's wrangler.toml", () => {
  it("parses, and never turns the outbox on for a deployed site", () => {
    const config = readWranglerConfig(projectRoot);
    expect(config.d1_databases?.map((database) => database.binding)).toContain("DB");
    const { refusals } = deployChecks({ config, secretNames: ["AUTH_SECRET", "MAIL_API_KEY"] });
    expect(refusals.map((refusal) => refusal.code).filter((code) => code !== "database-id-placeholder")).toEqual([]);
  });
});
