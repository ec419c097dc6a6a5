// The Worker's upload size as Cloudflare limits it: every module wrangler would upload, gzipped together
// (wrangler measures it the same way), against the Workers Paid plan's 10 MiB compressed limit.
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const MIB = 1024 * 1024;
export const PAID_PLAN_LIMIT_BYTES = 10 * MIB;

/** Runs `wrangler deploy --dry-run`, which bundles exactly what a deploy would upload into outdir, offline. */
export function dryRunBundle({ wrangler, cwd, outdir, env }) {
  const result = spawnSync(wrangler, ["deploy", "--dry-run", "--outdir", outdir], { cwd, env, encoding: "utf8" });
  if (result.error || result.status !== 0) {
    throw new Error(`wrangler deploy --dry-run failed:\n${(result.error?.message ?? `${result.stdout}\n${result.stderr}`).trim()}`);
  }
}

/** Every module in a dry run's outdir; wrangler also writes a README.md there, which is not uploaded. */
export function bundleFiles(outdir) {
  return readdirSync(outdir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !(entry.parentPath === outdir && entry.name === "README.md"))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

export function measureBundle(contents) {
  const all = Buffer.concat(contents);
  return { raw: all.byteLength, gzip: gzipSync(all).byteLength };
}

export function measureOutdir(outdir) {
  const files = bundleFiles(outdir);
  if (files.length === 0) throw new Error(`${outdir} holds no modules: the dry run bundled nothing.`);
  return measureBundle(files.map((file) => readFileSync(file)));
}

const mib = (bytes) => (bytes / MIB).toFixed(2);

/** One line for CI, e.g. "Worker bundle: 0.86 MiB gzip of 10 MiB limit (9%), 3.75 MiB raw". */
export function bundleReport({ raw, gzip }, limit = PAID_PLAN_LIMIT_BYTES) {
  const percent = Math.round((gzip / limit) * 100);
  const line = `Worker bundle: ${mib(gzip)} MiB gzip of ${mib(limit).replace(/\.00$/, "")} MiB limit (${percent}%), ${mib(raw)} MiB raw`;
  return { line, over: gzip > limit };
}
