#!/usr/bin/env node
// Grants or revokes the owner flag of an account in the local database (or the deployed one with --remote).
// Usage: npm run owner -- grant you@example.com      npm run owner -- revoke you@example.com [--remote]
import { spawnSync } from "node:child_process";
import { bin, offlineEnv, projectRoot, remoteEnv } from "./offline-env.mjs";

const [action, rawEmail, ...flags] = process.argv.slice(2);
const email = rawEmail?.trim().toLowerCase();
if (!["grant", "revoke"].includes(action) || !email || !/^[^\s@'"]+@[^\s@'"]+\.[^\s@'"]+$/.test(email)) {
  console.error("Usage: npm run owner -- grant|revoke <email> [--remote]");
  process.exit(2);
}
const flag = action === "grant" ? 1 : 0;
// The email is validated above (no quotes or spaces), so it is safe inside the SQL string literal.
const sql = `INSERT INTO profiles (id, is_owner) SELECT id, ${flag} FROM users WHERE email = '${email}' ON CONFLICT(id) DO UPDATE SET is_owner = excluded.is_owner; SELECT u.email, p.is_owner FROM users u JOIN profiles p ON p.id = u.id WHERE u.email = '${email}';`;
// Remote: the user's own wrangler config, where `wrangler login` keeps the token (still without telemetry), and
// wrangler.toml named explicitly, since the last build's copy of it may still hold an older database_id.
const remote = flags.includes("--remote");
const target = remote ? "--remote" : "--local";
const env = remote ? remoteEnv() : offlineEnv();
const configArgs = remote ? ["--config", "wrangler.toml"] : [];
const result = spawnSync(bin("wrangler"), ["d1", "execute", "DB", target, ...configArgs, "--json", "--command", sql], {
  cwd: projectRoot,
  env,
  encoding: "utf8",
});
if (result.status !== 0) {
  console.error(result.stderr || result.stdout);
  process.exit(result.status ?? 1);
}
const rows = JSON.parse(result.stdout).at(-1)?.results ?? [];
if (rows.length === 0) {
  console.error(`No account with the email ${email}. The person must sign up first.`);
  process.exit(1);
}
console.log(`${email} is ${rows[0].is_owner ? "now an owner" : "no longer an owner"}. They see the change on their next page load.`);
