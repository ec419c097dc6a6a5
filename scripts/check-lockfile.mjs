#!/usr/bin/env node
// The lockfile must install on every platform a contributor uses: a package's optional native builds (one per
// platform) all have to be in it. An install from a registry that lacks some of them silently drops those,
// and `npm install` on a Mac then fails. See docs/decisions/0002-toolchain-node-24-and-react-router-8.md.
import { readFileSync } from "node:fs";
import path from "node:path";
import { projectRoot } from "./offline-env.mjs";

const lock = JSON.parse(readFileSync(path.join(projectRoot, "package-lock.json"), "utf8"));
const packages = lock.packages ?? {};

/** Where Node would find `dependency` from the package at `from`: its own node_modules, then each parent's. */
function resolves(from, dependency) {
  let base = from;
  while (true) {
    if (packages[`${base ? `${base}/` : ""}node_modules/${dependency}`]) return true;
    if (!base) return false;
    const parent = base.lastIndexOf("/node_modules/");
    base = parent === -1 ? "" : base.slice(0, parent);
  }
}

const missing = [];
for (const [location, entry] of Object.entries(packages)) {
  for (const dependency of Object.keys(entry.optionalDependencies ?? {})) {
    if (!resolves(location, dependency)) missing.push(`${location || "(root)"} → ${dependency}`);
  }
}
if (missing.length > 0) {
  console.error(`✖ package-lock.json lacks ${missing.length} optional platform package(s); an install on those platforms would fail:`);
  for (const line of missing) console.error(`  ${line}`);
  process.exit(1);
}
console.log("✔ package-lock.json lists every platform's optional packages");
