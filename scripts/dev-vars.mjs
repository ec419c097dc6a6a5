// Local settings for wrangler: .dev.vars (git-ignored), created from .dev.vars.example on first run with a
// fresh random AUTH_SECRET. The secret stays on this machine so sessions survive restarts.
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { projectRoot } from "./offline-env.mjs";

export function ensureDevVars() {
  const file = path.join(projectRoot, ".dev.vars");
  if (existsSync(file) && /^AUTH_SECRET=.{32,}$/m.test(readFileSync(file, "utf8"))) return;
  const template = readFileSync(path.join(projectRoot, ".dev.vars.example"), "utf8");
  const existing = existsSync(file) ? readFileSync(file, "utf8") : template;
  const secret = randomBytes(48).toString("base64url");
  const updated = /^AUTH_SECRET=.*$/m.test(existing)
    ? existing.replace(/^AUTH_SECRET=.*$/m, `AUTH_SECRET=${secret}`)
    : `${existing.trimEnd()}\nAUTH_SECRET=${secret}\n`;
  writeFileSync(file, updated, { mode: 0o600 });
  console.log("Created .dev.vars with a new local AUTH_SECRET (git-ignored).");
}

if (import.meta.url === `file://${process.argv[1]}`) ensureDevVars();
