import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// `npm run dev` on a fresh clone: no .dev.vars, no local database. It must migrate and seed before the dev
// server starts, or /blog fails with "no such table". The clone shares this checkout's node_modules (a link):
// installing packages is not what is under test.
const projectRoot = path.resolve(import.meta.dirname, "../..");
const seedTitles = [
  ...readFileSync(path.join(projectRoot, "seeds/0001_blog_demo.sql"), "utf8").matchAll(/'((?:Why|How|Zero|Building|Introducing) [^']+)'/g),
].map((match) => match[1] ?? "");

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

async function firstAnswer(url: string, deadline: number): Promise<Response> {
  while (Date.now() < deadline) {
    try {
      return await fetch(url);
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  throw new Error(`no answer from ${url}`);
}

describe("npm run dev on a fresh clone", () => {
  let clone: string;
  let server: ChildProcess | undefined;
  let output = "";

  beforeAll(() => {
    clone = mkdtempSync(path.join(os.tmpdir(), "parley-clone-"));
    execFileSync("git", ["clone", "--quiet", projectRoot, clone]);
    symlinkSync(path.join(projectRoot, "node_modules"), path.join(clone, "node_modules"), "dir");
  });

  afterAll(() => {
    if (server?.pid) process.kill(-server.pid, "SIGTERM");
    rmSync(clone, { recursive: true, force: true });
  });

  it("migrates and seeds first, then /blog lists the demo posts", { timeout: 240_000 }, async () => {
    expect(seedTitles.length).toBeGreaterThanOrEqual(5);
    const port = await freePort();
    server = spawn(process.execPath, ["scripts/dev.mjs", "--port", String(port), "--strictPort"], {
      cwd: clone,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    for (const stream of [server.stdout, server.stderr]) stream?.on("data", (chunk) => (output += String(chunk)));

    const response = await firstAnswer(`http://127.0.0.1:${port}/blog`, Date.now() + 200_000);
    const html = await response.text();
    expect(response.status, output.slice(-2000)).toBe(200);
    for (const title of seedTitles) expect(html).toContain(title.replaceAll("'", "&#x27;"));
    expect(output).toMatch(/Applying database migrations/);
  });
});
