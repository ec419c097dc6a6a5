import { defineConfig } from "vitest/config";

// Browser tests: playwright-core drives Debian's Chromium against the production build served by
// `wrangler dev --local` (started once by the global setup, with its own fresh local database).
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["test/browser/**/*.test.ts"],
    globalSetup: ["test/browser/support/global-setup.ts"],
    setupFiles: ["test/browser/support/setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 180_000,
    // One file at a time: the fake-clock session-refresh test timed out when files shared the server under load.
    maxWorkers: 1,
    reporters: ["default", ["json", { outputFile: ".reports/browser.json" }]],
  },
});
