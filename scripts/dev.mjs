#!/usr/bin/env node
// `npm run dev`: the Vite dev server with hot reload (React Router + the Cloudflare plugin), after the same local
// preparation as `npm start`: .dev.vars, then the migrated and seeded local database (a fresh clone's /blog needs
// its tables). Arguments go on to `react-router dev`, e.g. `npm run dev -- --port 3000`.
import { spawn } from "node:child_process";
import { ensureDevVars } from "./dev-vars.mjs";
import { prepareLocalDatabase } from "./local-db.mjs";
import { bin, offlineEnv, projectRoot } from "./offline-env.mjs";

ensureDevVars();
prepareLocalDatabase();

console.log("\n▸ Starting the dev server (react-router dev)");
const server = spawn(bin("react-router"), ["dev", ...process.argv.slice(2)], { cwd: projectRoot, env: offlineEnv(), stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
