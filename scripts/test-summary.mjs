#!/usr/bin/env node
// Prints the closing line CI reads, "N passed, N failed", from every JSON report in .reports/ that `npm test`
// wrote: vitest's (the worker tests and any other vitest suite) and Playwright Test's (the browser tests).
// A failed step that ran no test (e.g. the typecheck, or a browser server that did not start) counts as one failure.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { projectRoot } from "./offline-env.mjs";

/** Playwright Test: stats by outcome; a flaky test (failed, then passed on a retry) passed in the end. */
function playwrightCounts(report) {
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats;
  const brokenRun = unexpected === 0 && (report.errors?.length ?? 0) > 0;
  return { passed: expected + flaky, failed: unexpected + (brokenRun ? 1 : 0), skipped };
}

function vitestCounts(report) {
  const failed = report.numFailedTests ?? 0;
  const brokenRun = report.success === false && failed === 0;
  return {
    passed: report.numPassedTests ?? 0,
    failed: failed + (brokenRun ? 1 : 0),
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

/** The counts of one report, by the shape of the file: each runner has its own JSON format. */
export function countsOf(report) {
  if (report && typeof report.stats === "object" && Array.isArray(report.suites)) return playwrightCounts(report);
  if (report && typeof report.numTotalTests === "number") return vitestCounts(report);
  return undefined;
}

export function summarize(reportsDir, exitStatus) {
  const total = { passed: 0, failed: 0, skipped: 0 };
  const files = existsSync(reportsDir)
    ? readdirSync(reportsDir)
        .filter((name) => name.endsWith(".json"))
        .sort()
    : [];
  for (const name of files) {
    let counts;
    try {
      counts = countsOf(JSON.parse(readFileSync(path.join(reportsDir, name), "utf8")));
    } catch {
      // A report cut short by a crash: the run's exit status tells the failure.
    }
    if (!counts) continue;
    for (const key of Object.keys(total)) total[key] += counts[key];
  }
  if (exitStatus !== 0 && total.failed === 0) total.failed = 1;
  return total;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { passed, failed, skipped } = summarize(path.join(projectRoot, ".reports"), Number(process.argv[2] ?? 0));
  // CI reads the last line, which has exactly this form; skipped tests are told on the line before.
  if (skipped) console.log(`(${skipped} skipped)`);
  console.log(`${passed} passed, ${failed} failed`);
}
