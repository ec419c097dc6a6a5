import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { reactRouter } from "@react-router/dev/vite";
import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { defineConfig } from "vitest/config";
// @ts-expect-error: plain ESM helper shared with the npm scripts
import { freePort } from "./scripts/apertium/apy.mjs";

// Unit and integration tests inside workerd: real local D1 (migrated in the setup file), real
// Durable Objects, and real server rendering through SELF.fetch (the reactRouter plugin builds the app).
const migrations = await readD1Migrations(path.join(import.meta.dirname, "migrations"));
// Apertium APY for the translator tests: test/worker/support/translation-setup.ts starts it on this port.
const apyPort = Number(process.env.PARLEY_TEST_APY_PORT) || (await freePort());
process.env.PARLEY_TEST_APY_PORT = String(apyPort);
// The scripted OpenAI-compatible chat server (and its SearXNG-style /search): test/worker/support/chat-setup.ts starts it.
const chatPort = Number(process.env.PARLEY_TEST_CHAT_PORT) || (await freePort());
process.env.PARLEY_TEST_CHAT_PORT = String(chatPort);

// wrangler.toml points assets at the production build; the pool refuses to start when that folder is
// missing (a fresh checkout). These tests render through the reactRouter plugin, not the built assets.
mkdirSync(path.join(import.meta.dirname, "build/client"), { recursive: true });

// Dependencies pre-bundled for workerd. sanitize-html must be (CommonJS does not load inside workerd); the others
// load faster so. Every test file starts its own runtime, which loads the whole app: as single bundles these
// libraries cost one module fetch each instead of hundreds, and the worker suite took 7 min instead of 13.5.
// A library imported by several paths lists them all, so that the app never holds two copies of one.
const PRE_BUNDLED = [
  "sanitize-html",
  "react",
  "react/jsx-runtime",
  "react-dom",
  "react-dom/server",
  "react-router",
  "hono",
  "hono/cors",
  "hono/utils/http-status",
  "drizzle-orm",
  "drizzle-orm/batch",
  "drizzle-orm/d1",
  "drizzle-orm/sqlite-core",
  "zod/mini",
  "lucide-react",
  "marked",
  "jose",
  "otpauth",
  "@simplewebauthn/server",
  "@simplewebauthn/server/helpers",
];

export default defineConfig({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: "./wrangler.toml" },
      // Workers AI has no local emulation; without this the pool asks for a Cloudflare login.
      remoteBindings: false,
      miniflare: {
        bindings: {
          TEST_MIGRATIONS: migrations,
          AUTH_SECRET: randomBytes(48).toString("base64url"),
          DEV_OUTBOX: "1",
          // Bot protection: the tests solve many proofs in workerd; one PBKDF2 iteration a step keeps that quick.
          BOT_PROOF_COST: "1",
          OWNER_EMAILS: "owner@parley.test, second-owner@parley.test",
          // Translator: Apertium only (the OpenAI-compatible and Workers AI adapters are tested directly).
          TRANSLATION_ENGINES: "apertium",
          APERTIUM_URL: `http://127.0.0.1:${apyPort}`,
          // AI chat against the scripted server (the Workers AI adapter is tested with a fake binding).
          CHAT_PROVIDER: "openai",
          OPENAI_BASE_URL: `http://127.0.0.1:${chatPort}/v1`,
          OPENAI_CHAT_MODEL: "scripted",
          SEARCH_URL: `http://127.0.0.1:${chatPort}`,
        },
      },
    }),
    reactRouter(),
  ],
  resolve: { tsconfigPaths: true },
  test: {
    include: ["test/worker/**/*.test.ts"],
    // Two files at a time on a 2-core machine (vitest's default is one fewer than the cores): each file starts its
    // own runtime and many tests wait on timers and sockets, so the second file fills the idle time. The suite took
    // 17 min with one and 12 min with two.
    maxWorkers: 2,
    // Stylesheets linked by URL (`?url`) keep their URL, as in the build: vitest would otherwise make them "" (an
    // empty <link href>, which React warns about).
    css: { include: [/\.css\?url$/] },
    // The first server render transforms the whole app on demand.
    testTimeout: 30_000,
    deps: { optimizer: { ssr: { enabled: true, include: PRE_BUNDLED } } },
    setupFiles: ["test/worker/support/apply-migrations.ts"],
    globalSetup: ["test/worker/support/global-setup.ts", "test/worker/support/translation-setup.ts", "test/worker/support/chat-setup.ts"],
    reporters: ["default", ["json", { outputFile: ".reports/worker.json" }]],
  },
});
