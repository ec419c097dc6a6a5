#!/usr/bin/env node
// Every project script runs on the Node LTS pinned in .nvmrc. Imported first by the scripts: when the Node
// running them is older than the project supports (these machines ship Node 20), it brings the pinned Node
// from the npm registry into .toolchain/ and runs the same command again under it, with that Node first on
// PATH, so every child (npm, wrangler, vitest) gets it too. See README, "Requirements".
//
// Run directly, `node scripts/supported-node.mjs --bin-dir` prints the folder of a supported `node`
// (.ci/run puts it first on PATH before `npm install`).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** React Router 8 needs 22.22; wrangler 4.164 needs 22.12. */
const MINIMUM = [22, 22];

function isSupported(version) {
  const [major, minor] = version.split(".").map(Number);
  return major > MINIMUM[0] || (major === MINIMUM[0] && minor >= MINIMUM[1]);
}

function pinnedVersion() {
  return readFileSync(path.join(root, ".nvmrc"), "utf8").trim().replace(/^v/, "");
}

/** The registry publishes Node's own binaries as node-<platform>-<arch> packages (not for macOS after 18). */
function registryPackage() {
  const platform = process.platform === "win32" ? "win" : process.platform;
  return `node-${platform}-${process.arch}`;
}

function installedNode(version) {
  const prefix = path.join(root, ".toolchain", `node-${version}`);
  const binDir = path.join(prefix, "node_modules", registryPackage(), "bin");
  return { prefix, binDir, node: path.join(binDir, process.platform === "win32" ? "node.exe" : "node") };
}

function fail(message) {
  console.error(`✖ ${message}`);
  process.exit(1);
}

function installNode(version, target) {
  if (process.platform === "darwin") {
    fail(
      `Parley needs Node ${MINIMUM.join(".")} or newer (found ${process.versions.node}); the npm registry has no macOS build. Run \`nvm install\` (reads .nvmrc) or install Node ${version} from nodejs.org.`,
    );
  }
  const spec = `${registryPackage()}@${version}`;
  console.error(`▸ Node ${process.versions.node} is older than Parley supports: installing ${spec} from the npm registry into .toolchain/ (once)…`);
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const result = spawnSync(npm, ["install", "--no-save", "--no-audit", "--no-fund", "--no-package-lock", "--prefix", target.prefix, spec], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (result.status !== 0 || !existsSync(target.node))
    fail(`Could not install ${spec}. Install Node ${version} yourself (nvm install) and run the command again.`);
}

/** The folder of a supported node binary, installing the pinned one when the running Node is too old. */
export function supportedNodeBinDir() {
  if (isSupported(process.versions.node)) return path.dirname(process.execPath);
  const version = pinnedVersion();
  const target = installedNode(version);
  if (!existsSync(target.node)) installNode(version, target);
  return target.binDir;
}

/**
 * Runs this command again under the supported Node and ends with its exit code. It never resolves: awaited at the
 * top level, it holds back every module that imports this one, so the older Node runs nothing of the command.
 */
function rerunUnderSupportedNode() {
  const binDir = supportedNodeBinDir();
  const env = { ...process.env, PATH: `${binDir}${path.delimiter}${process.env.PATH ?? ""}` };
  const node = path.join(binDir, path.basename(installedNode(pinnedVersion()).node));
  const child = spawn(node, [...process.execArgv, ...process.argv.slice(1)], { stdio: "inherit", env });
  // A stop meant for this process (a process manager, a test runner) reaches the command that does the work.
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => child.kill(signal));
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  return new Promise(() => {});
}

const runDirectly = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (runDirectly && process.argv.includes("--bin-dir")) console.log(supportedNodeBinDir());
else if (!isSupported(process.versions.node)) await rerunUnderSupportedNode();
