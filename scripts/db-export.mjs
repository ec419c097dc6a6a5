#!/usr/bin/env node
// `npm run db:export:remote` (or with --local): the database as backups/parley-<time>-schema.sql and -data.sql
// (README, "Backups"). Remote runs use the user's wrangler login; local ones stay offline.
import path from "node:path";
import { backupFiles, exportDatabase } from "./backup/export.mjs";
import { bin, offlineEnv, projectRoot, remoteEnv } from "./offline-env.mjs";

const local = process.argv.includes("--local");
process.exitCode = exportDatabase({
  root: projectRoot,
  wrangler: bin("wrangler"),
  env: local ? offlineEnv() : remoteEnv(),
  where: local ? "--local" : "--remote",
  files: backupFiles(path.join(projectRoot, "backups")),
});
