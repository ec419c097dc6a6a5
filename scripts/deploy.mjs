#!/usr/bin/env node
// `npm run deploy`: the deploy checks, then build, remote D1 migrations and `wrangler deploy` (README, "Deploying").
// `npm run db:migrate:remote` runs it with --migrations-only: the database check, then the remote migrations alone.
import { deploy, migrateRemote } from "./deploy/runner.mjs";

process.exitCode = process.argv.includes("--migrations-only") ? migrateRemote() : deploy();
