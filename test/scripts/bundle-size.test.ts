import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { bundleFiles, bundleReport, dryRunBundle, measureBundle, measureOutdir, PAID_PLAN_LIMIT_BYTES } from "../../scripts/deploy/bundle-size.mjs";
import { bin, offlineEnv } from "../../scripts/offline-env.mjs";

const MIB = 1024 * 1024;
const folders: string[] = [];
function tempFolder() {
  const folder = mkdtempSync(path.join(os.tmpdir(), "parley-bundle-test-"));
  folders.push(folder);
  return folder;
}
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe("bundle size report", () => {
  it("prints the gzip size against the Workers Paid limit, and the raw size", () => {
    expect(PAID_PLAN_LIMIT_BYTES).toBe(10 * MIB);
    expect(bundleReport({ raw: 3.75 * MIB, gzip: 0.86 * MIB })).toEqual({
      line: "Worker bundle: 0.86 MiB gzip of 10 MiB limit (9%), 3.75 MiB raw",
      over: false,
    });
  });

  it("is over only past the limit", () => {
    expect(bundleReport({ raw: 40 * MIB, gzip: 10 * MIB }).over).toBe(false);
    expect(bundleReport({ raw: 40 * MIB, gzip: 10 * MIB + 1 })).toMatchObject({ over: true, line: expect.stringContaining("(100%)") });
    expect(bundleReport({ raw: 2000, gzip: 1500 }, 1000)).toMatchObject({ over: true, line: expect.stringContaining("(150%)") });
  });

  it("gzips the modules together, as one upload", () => {
    const modules = [Buffer.from("export const a = 1;\n".repeat(500)), Buffer.from("export const b = 2;\n".repeat(500))];
    const size = measureBundle(modules);
    expect(size.raw).toBe(20_000);
    expect(size.gzip).toBe(gzipSync(Buffer.concat(modules)).byteLength);
  });

  it("counts every module in the dry run's folder but not wrangler's README", () => {
    const outdir = tempFolder();
    mkdirSync(path.join(outdir, "assets"));
    writeFileSync(path.join(outdir, "index.js"), "export { default } from './assets/entry.js';\n");
    writeFileSync(path.join(outdir, "assets", "entry.js"), "export default {};\n");
    writeFileSync(path.join(outdir, "assets", "README.md"), "a module that happens to be called README.md\n");
    writeFileSync(path.join(outdir, "README.md"), "This folder contains the built output assets\n");
    expect(bundleFiles(outdir).map((file) => path.relative(outdir, file))).toEqual([
      path.join("assets", "README.md"),
      path.join("assets", "entry.js"),
      "index.js",
    ]);
    expect(() => measureOutdir(tempFolder())).toThrow("holds no modules");
  });
});

describe("wrangler deploy --dry-run", () => {
  it("bundles a Worker offline into the folder that is measured", () => {
    const project = tempFolder();
    writeFileSync(path.join(project, "wrangler.toml"), 'name = "bundle-size-fixture"\nmain = "index.js"\ncompatibility_date = "2026-04-20"\n');
    const body = `const words = ${JSON.stringify(Array.from({ length: 2000 }, (_, index) => `word${index}`))};\n`;
    writeFileSync(path.join(project, "index.js"), `${body}export default { fetch: () => new Response(words.join(" ")) };\n`);
    const outdir = path.join(project, "out");
    dryRunBundle({ wrangler: bin("wrangler"), cwd: project, outdir, env: offlineEnv() });
    const size = measureOutdir(outdir);
    expect(size.raw).toBeGreaterThan(body.length);
    expect(size.gzip).toBeGreaterThan(0);
    expect(size.gzip).toBeLessThan(size.raw);
  });

  it("reports wrangler's error when the bundle cannot be built", () => {
    const project = tempFolder();
    writeFileSync(path.join(project, "wrangler.toml"), 'name = "bundle-size-fixture"\nmain = "missing.js"\ncompatibility_date = "2026-04-20"\n');
    expect(() => dryRunBundle({ wrangler: bin("wrangler"), cwd: project, outdir: path.join(project, "out"), env: offlineEnv() })).toThrow(
      "wrangler deploy --dry-run failed",
    );
  });
});
