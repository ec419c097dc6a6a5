import { defineConfig } from "vitest/config";

// The npm scripts' own tests (deploy checks and runner, bundle size): plain Node, since the scripts run in Node,
// not in workerd. Fakes stand in for wrangler wherever a real one would need a Cloudflare account.
export default defineConfig({
  // Some scripts' tests read the app's shared modules (core/), which import each other through the tsconfig aliases.
  resolve: { tsconfigPaths: true },
  test: {
    include: ["test/scripts/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    reporters: ["default", ["json", { outputFile: ".reports/scripts.json" }]],
  },
});
