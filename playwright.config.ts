import { randomBytes } from "node:crypto";
import path from "node:path";
import { defineConfig } from "@playwright/test";
// @ts-expect-error: plain ESM helper shared with the npm scripts
import { freePort } from "./scripts/apertium/apy.mjs";
import { apertiumForThisRun } from "./test/support/apertium";
// @ts-expect-error: plain ESM shared with bench/lighthouse.mjs
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./test/support/chromium.mjs";
import { DESKTOP } from "./test/browser/support/app";

// Browser tests: Playwright Test drives Debian's Chromium against the production build served by
// `wrangler dev --local` (test/browser/support/serve.mjs: a fresh local database, Apertium APY and the
// scripted chat model, all on loopback).

// A fixed port would clash with another checkout's run on the same machine. The test workers load this file
// again: they inherit the runner's environment, so they all see the port chosen here once.
process.env.PARLEY_BROWSER_PORT ||= String(await freePort());
const baseURL = `http://127.0.0.1:${process.env.PARLEY_BROWSER_PORT}`;
// The served app's state folder (its local database and its log), chosen here for the same reason: serve.mjs
// creates it, and tests read the server's log from it.
process.env.PARLEY_BROWSER_STATE ||= path.join(import.meta.dirname, ".wrangler", `browser-tests-${process.env.PARLEY_BROWSER_PORT}`);

// The key of the login fixture's route into the served Worker (test/browser/support/fixture-worker.js).
process.env.PARLEY_FIXTURE_TOKEN ||= randomBytes(24).toString("base64url");

// The translator's tests need Apertium APY. Locally they skip without it (one line says so); with CI=true every
// test must run, so a missing APY stops the run. serve.mjs and the tests read the verdict from the environment.
process.env.PARLEY_TEST_APERTIUM ??= apertiumForThisRun() ? "1" : "0";

const CHROMIUM = { browserName: "chromium" as const, launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS } };

// Files that read or change what the whole server shares run one after another (beside the other files):
// - the Studio's, and the axe runs that open it: while an owner has it open, the contact page's live chat is
//   online for every visitor;
// - the contact page's offline live chat and forms, which expect nobody to be online;
// - the blog's, whose lists and pagers count every published post;
// - the fake-clock session refresh, which timed out when it shared a loaded server with another file.
const ONE_AT_A_TIME = [
  "**/studio/*.test.ts",
  "**/polish/axe-states.test.ts",
  "**/polish/axe-signed-in.test.ts",
  "**/blog/*.test.ts",
  "**/marketing/company.test.ts",
  "**/marketing/no-script-forms.test.ts",
  "**/auth/session.test.ts",
];

export default defineConfig({
  testDir: "test/browser",
  testMatch: "**/*.test.ts",
  // Two files at a time on a 2-core machine, except those in ONE_AT_A_TIME below.
  workers: 2,
  fullyParallel: false,
  // A flaky test must show up as a failure, not pass on a second try.
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  // The server renders and streams on a 2-core machine that other jobs share.
  expect: { timeout: 10_000 },
  outputDir: ".reports/browser-results",
  reporter: [["list"], ["json", { outputFile: ".reports/browser.json" }]],
  use: {
    baseURL,
    viewport: DESKTOP,
    trace: "retain-on-failure",
  },
  projects: [
    { name: "one-at-a-time", testMatch: ONE_AT_A_TIME, workers: 1, use: CHROMIUM },
    { name: "in-parallel", testIgnore: ONE_AT_A_TIME, use: CHROMIUM },
  ],
  webServer: {
    command: "node test/browser/support/serve.mjs",
    url: `${baseURL}/robots.txt`,
    // The production build alone takes a minute or two on a busy 2-core machine.
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    // serve.mjs stops wrangler and APY (each in its own process group) and deletes the database on SIGTERM.
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
  },
});
