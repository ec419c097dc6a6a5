// One titled step of an npm script: a local CLI run offline, whose failure ends the script with its exit code.
import { spawnSync } from "node:child_process";
import { bin, offlineEnv, projectRoot } from "./offline-env.mjs";

export function step(title, cli, args) {
  console.log(`\n▸ ${title}`);
  const result = spawnSync(bin(cli), args, { cwd: projectRoot, env: offlineEnv(), stdio: "inherit" });
  if (result.status !== 0) {
    console.error(`✖ ${title} failed (exit code ${result.status}).`);
    process.exit(result.status ?? 1);
  }
}
