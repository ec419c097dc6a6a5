// Recording stand-ins for wrangler and react-router: each run appends its argv and the environment settings the
// runner is responsible for to a JSON-lines file, and answers `secret list` with canned output.
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export type Behaviour = {
  /** stdout of `wrangler secret list`; wrangler's own notice line comes first, as it may. */
  secretList?: string;
  /** Exit code of `wrangler secret list` (stderr says "Not logged in") when not 0. */
  secretListExit?: number;
  /** Runs whose argv, joined with spaces, contains `match` exit with `exit`. */
  failures?: { match: string; exit: number }[];
};

export type Call = { tool: string; argv: string[]; cwd: string; xdgConfigHome: string | null; sendMetrics: string | null };

function fakeSource(tool: string, recordFile: string, behaviour: Behaviour) {
  return `#!${process.execPath}
const fs = require("node:fs");
const argv = process.argv.slice(2);
const call = { tool: ${JSON.stringify(tool)}, argv, cwd: process.cwd(), xdgConfigHome: process.env.XDG_CONFIG_HOME ?? null, sendMetrics: process.env.WRANGLER_SEND_METRICS ?? null };
fs.appendFileSync(${JSON.stringify(recordFile)}, JSON.stringify(call) + "\\n");
const behaviour = ${JSON.stringify(behaviour)};
if (argv[0] === "secret" && argv[1] === "list") {
  if (behaviour.secretListExit) { process.stderr.write("Not logged in.\\n"); process.exit(behaviour.secretListExit); }
  process.stdout.write("Using wrangler 4 (notice)\\n" + (behaviour.secretList ?? "[]") + "\\n");
}
const failure = (behaviour.failures ?? []).find((entry) => argv.join(" ").includes(entry.match));
if (failure) process.exit(failure.exit);
`;
}

/** A throwaway project folder holding wrangler.toml, and fake CLIs that record into it. */
export function fakeProject(wranglerToml: string, behaviour: Behaviour = {}) {
  const root = mkdtempSync(path.join(os.tmpdir(), "parley-deploy-test-"));
  writeFileSync(path.join(root, "wrangler.toml"), wranglerToml);
  // The fakes are CommonJS whatever package.json sits above the temporary folder.
  writeFileSync(path.join(root, "package.json"), '{ "type": "commonjs" }\n');
  const recordFile = path.join(root, "calls.jsonl");
  const makeBin = (tool: string) => {
    const file = path.join(root, `fake-${tool}`);
    writeFileSync(file, fakeSource(tool, recordFile, behaviour));
    chmodSync(file, 0o755);
    return file;
  };
  return {
    root,
    bins: { wrangler: makeBin("wrangler"), reactRouter: makeBin("react-router") },
    calls(): Call[] {
      if (!existsSync(recordFile)) return [];
      return readFileSync(recordFile, "utf8")
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as Call);
    },
  };
}

/** Collects what the runner prints, instead of the console. */
export function captureLog() {
  const lines: string[] = [];
  const keep = (message: string) => void lines.push(message);
  return { lines, log: { log: keep, warn: keep, error: keep }, text: () => lines.join("\n") };
}
