#!/usr/bin/env node
// `npm run bundle:size`: builds the app, bundles it with `wrangler deploy --dry-run` (offline, no account needed)
// and prints the gzip size against the Workers Paid limit; exits 1 when over. --skip-build reuses build/.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { bundleReport, dryRunBundle, measureOutdir } from "./deploy/bundle-size.mjs";
import { bin, offlineEnv, projectRoot } from "./offline-env.mjs";

const env = offlineEnv();

function build() {
  const result = spawnSync(bin("react-router"), ["build"], { cwd: projectRoot, env, stdio: "inherit" });
  if (result.status !== 0) throw new Error(`react-router build failed (exit code ${result.status}).`);
}

function main() {
  if (!process.argv.includes("--skip-build")) build();
  // Without a build wrangler would bundle worker/index.ts itself: a different bundle from the one deployed.
  if (!existsSync(path.join(projectRoot, "build", "server", "wrangler.json"))) throw new Error("No build in build/: run without --skip-build.");
  const outdir = mkdtempSync(path.join(os.tmpdir(), "parley-bundle-"));
  try {
    // From the project root wrangler follows .wrangler/deploy/config.json to the build's build/server/wrangler.json.
    dryRunBundle({ wrangler: bin("wrangler"), cwd: projectRoot, outdir, env });
    const { line, over } = bundleReport(measureOutdir(outdir));
    console.log(line);
    if (over) console.error("✖ The Worker is over the Workers Paid plan's size limit: a deploy would be refused.");
    return over ? 1 : 0;
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

try {
  process.exitCode = main();
} catch (error) {
  console.error(`✖ ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
