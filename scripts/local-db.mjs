// The local D1 database behind `npm start` and `npm run dev`: migrations, then the demo seeds. wrangler keeps it in
// .wrangler/state/v3/d1, the same place the Vite dev server's Cloudflare plugin reads it from.
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { projectRoot } from "./offline-env.mjs";
import { step } from "./step.mjs";

const SEED_DIR = path.join(projectRoot, "seeds");

/** Seed files are idempotent SQL (INSERT OR IGNORE / ON CONFLICT DO NOTHING), applied in name order. */
export function seedFiles(dir = SEED_DIR) {
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((file) => file.endsWith(".sql"))
        .sort()
    : [];
}

/** Brings the local database up to date: every migration, then every seed (both safe to run again). */
export function prepareLocalDatabase() {
  step("Applying database migrations (local D1)", "wrangler", ["d1", "migrations", "apply", "DB", "--local"]);
  for (const seed of seedFiles())
    step(`Seeding demo content: ${seed}`, "wrangler", ["d1", "execute", "DB", "--local", "--file", path.join(SEED_DIR, seed)]);
}
