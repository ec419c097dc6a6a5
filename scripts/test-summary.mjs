#!/usr/bin/env node
// Prints the closing line CI reads, "N passed, N failed", from the vitest JSON reports of `npm test`.
// A failed step that ran no test (e.g. the typecheck) counts as one failure.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { projectRoot } from "./offline-env.mjs";

const exitStatus = Number(process.argv[2] ?? 0);
let passed = 0;
let failed = 0;
for (const suite of ["scripts", "worker", "browser"]) {
  const file = path.join(projectRoot, ".reports", `${suite}.json`);
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, "utf8"));
  passed += report.numPassedTests ?? 0;
  failed += (report.numFailedTests ?? 0) + (report.success === false && !report.numFailedTests ? 1 : 0);
}
if (exitStatus !== 0 && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed`);
