// Starts and stops Apertium APY on 127.0.0.1 through launch-apy.py (APY alone binds every interface).
// Shared by `npm start`, the test harnesses and the benchmark.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";

export const APY_PACKAGE_DIR = "/usr/lib/python3/dist-packages/apertium_apy";
export const LANG_NAMES_DB = "/usr/share/apertium-apy/langNames.db";
export const MODES_DIR = "/usr/share/apertium/modes";
export const DEFAULT_APY_PORT = 2737;
const LAUNCHER = path.join(import.meta.dirname, "launch-apy.py");
// Debian's python3 has APY's modules; a python3 earlier on PATH (pyenv, venv) usually does not.
const PYTHON = existsSync("/usr/bin/python3") ? "/usr/bin/python3" : "python3";

export const INSTALL_COMMAND = "sudo bash scripts/apertium/install.sh";
export const INSTALL_HINT = `Apertium (the offline translator) is not installed. On Debian or Ubuntu run: ${INSTALL_COMMAND}`;

export function apyInstalled() {
  return existsSync(path.join(APY_PACKAGE_DIR, "apy.py")) && existsSync(MODES_DIR);
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

function portIsFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/**
 * Starts APY on 127.0.0.1:port and resolves once /listPairs answers. Returns { url, process, stop }.
 * `log` receives APY's output (default: kept and printed only if start-up fails).
 */
export async function startApy({ port = DEFAULT_APY_PORT, log, timeoutMs = 30_000 } = {}) {
  if (!(await portIsFree(port))) throw new Error(`Port ${port} on 127.0.0.1 is already in use`);
  const child = spawn(PYTHON, [LAUNCHER, "-p", String(port), "-l", LANG_NAMES_DB, MODES_DIR], {
    env: { ...process.env, LC_ALL: "C.UTF-8", LANG: "C.UTF-8" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  const collect = (chunk) => {
    if (log) log(String(chunk));
    else output += chunk;
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  const url = `http://127.0.0.1:${port}`;
  const stop = () => {
    if (child.exitCode === null && child.pid) {
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        // already gone
      }
    }
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`APY exited with ${child.exitCode}:\n${output}`);
    try {
      const response = await fetch(`${url}/listPairs`);
      if (response.ok) return { url, process: child, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  stop();
  throw new Error(`APY did not answer at ${url} within ${timeoutMs} ms:\n${output}`);
}
