// Apertium APY for a test run, shared by the workerd and browser setups. Locally a machine without APY still runs
// the suites (the tests that need it skip, after one line saying so); with CI=true every test must run, so a
// missing APY fails the run instead.
// @ts-expect-error: plain ESM helper shared with the npm scripts
import { apyInstalled, INSTALL_COMMAND, INSTALL_HINT, startApy } from "../../scripts/apertium/apy.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    /** False when APY is not installed here (never under CI=true): the tests that need it skip. */
    apertiumAvailable: boolean;
  }
}

export type TestApertium = { url: string; stop(): void };

/** Whether this run must not skip anything (CI=true, or CI=1). */
function requiresEveryTest() {
  return /^(true|1)$/i.test(process.env.CI ?? "");
}

/** Whether this run has APY; without it, says so in one line, or throws where every test must run. */
export function apertiumForThisRun(): boolean {
  if (apyInstalled()) return true;
  if (requiresEveryTest()) throw new Error(`CI=true and Apertium APY is not installed: the translator tests cannot run. ${INSTALL_HINT}`);
  console.log(`Apertium APY is not installed: skipping translator tests (install: ${INSTALL_COMMAND}; required when CI=true)`);
  return false;
}

/** APY on 127.0.0.1:port once it answers, or null when it is not installed and skipping is allowed. */
export async function startTestApertium(port: number): Promise<TestApertium | null> {
  return apertiumForThisRun() ? ((await startApy({ port })) as TestApertium) : null;
}
