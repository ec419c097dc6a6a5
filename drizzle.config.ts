import { defineConfig } from "drizzle-kit";

// `npx drizzle-kit generate` writes the SQL migration for a schema change into migrations/,
// which `wrangler d1 migrations apply` then runs.
export default defineConfig({
  dialect: "sqlite",
  schema: "./worker/db/schema.ts",
  out: "./migrations",
});
