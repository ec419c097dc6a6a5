// The deploy runner: gathers the facts through wrangler, stops on any refusal, then builds, applies the remote D1
// migrations and deploys, in that order, each step only after the one before it succeeded.
import { spawnSync } from "node:child_process";
import { bin, offlineEnv, projectRoot, remoteEnv } from "../offline-env.mjs";
import { configRefusals, DATABASE_BINDING, deployChecks } from "./checks.mjs";
import { listSecretNames, readWranglerConfig, wranglerConfigPath } from "./facts.mjs";

const defaults = () => ({
  root: projectRoot,
  bins: { wrangler: bin("wrangler"), reactRouter: bin("react-router") },
  baseEnv: process.env,
  log: console,
});

/** `npm run deploy`. Returns the exit code. */
export function deploy(options = {}) {
  const { root, bins, baseEnv, log } = { ...defaults(), ...options };
  const config = loadConfig(root, log);
  if (!config) return 1;
  const env = remoteEnv(baseEnv);
  const listing = listSecretNames({ wrangler: bins.wrangler, root, env });
  if (!listing.ok) {
    const hint =
      "Log in with `npx wrangler login` (or set CLOUDFLARE_API_TOKEN). Before the first deploy the Worker does not exist yet: `npx wrangler secret put AUTH_SECRET` creates it.";
    return refuse(log, [...configRefusals(config), { code: "secrets-unknown", message: `${listing.message}\n${hint}` }]);
  }
  const { refusals, warnings } = deployChecks({ config, secretNames: listing.names });
  for (const warning of warnings) log.warn(`! ${warning.message}`);
  if (refusals.length > 0) return refuse(log, refusals);
  log.log("✔ Deploy checks passed.");
  return runSteps(log, root, [
    { title: "Building the app", command: bins.reactRouter, args: ["build"], env: offlineEnv() },
    migrationStep(bins, root, env),
    { title: "Deploying the Worker", command: bins.wrangler, args: ["deploy"], env },
  ]);
}

/** `npm run db:migrate:remote`: the same database check as a deploy, then the remote migrations alone. */
export function migrateRemote(options = {}) {
  const { root, bins, baseEnv, log } = { ...defaults(), ...options };
  const config = loadConfig(root, log);
  if (!config) return 1;
  const refusals = configRefusals(config);
  if (refusals.length > 0) return refuse(log, refusals);
  return runSteps(log, root, [migrationStep(bins, root, remoteEnv(baseEnv))]);
}

// The build's wrangler config can be stale until the next build, so migrations name the user's config explicitly.
function migrationStep(bins, root, env) {
  return {
    title: "Applying D1 migrations to the remote database",
    command: bins.wrangler,
    args: ["d1", "migrations", "apply", DATABASE_BINDING, "--remote", "--config", wranglerConfigPath(root)],
    env,
  };
}

function loadConfig(root, log) {
  try {
    return readWranglerConfig(root);
  } catch (error) {
    log.error(`✖ ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

function refuse(log, refusals) {
  log.error(`✖ Not deploying: ${refusals.length === 1 ? "one thing needs" : `${refusals.length} things need`} fixing first.`);
  for (const refusal of refusals) log.error(`  • ${refusal.message}`);
  return 1;
}

function runSteps(log, root, steps) {
  for (const step of steps) {
    log.log(`\n▸ ${step.title}`);
    const result = spawnSync(step.command, step.args, { cwd: root, env: step.env, stdio: "inherit" });
    if (result.error || result.status !== 0) {
      const why = result.error ? result.error.message : `exit code ${result.status ?? result.signal}`;
      log.error(`✖ ${step.title} failed (${why}); the steps after it did not run.`);
      return result.status || 1;
    }
  }
  log.log("\n✔ Done.");
  return 0;
}
