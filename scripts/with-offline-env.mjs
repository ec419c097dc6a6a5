#!/usr/bin/env node
// Usage: node scripts/with-offline-env.mjs <cli> [args...]  (runs node_modules/.bin/<cli> offline)
import { spawn } from "node:child_process";
import { bin, offlineEnv, projectRoot } from "./offline-env.mjs";

const [cli, ...args] = process.argv.slice(2);
if (!cli) {
  console.error("usage: with-offline-env.mjs <cli> [args...]");
  process.exit(2);
}
const child = spawn(bin(cli), args, { stdio: "inherit", env: offlineEnv(), cwd: projectRoot });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
