#!/usr/bin/env node
// The automatic human check's two costs (docs/decisions/0018-bot-protection.md):
// 1. How long a real browser (Debian's Chromium, driven by Playwright as the browser tests are) takes to get a
//    proof at the production difficulty: the widget's own verify() on /contact, from fetching the challenge to
//    the solved proof, in its Web Workers. p50 and p95 over BENCH_SAMPLES runs.
// 2. The CPU one verification costs the server. workerd does not advance its clocks during pure computation, so a
//    timer inside the Worker would read 0: this runs the same code (altcha-lib's verifySolution with the Web Crypto
//    PBKDF2 module, and our key-signature mode) under Node on this machine, many times in a row, and divides.
//    The D1 write that spends the challenge is I/O, not CPU, and is left out.
// Usage: npm run bench:altcha   (BENCH_SKIP_BUILD=1 reuses build/, BENCH_SAMPLES=N, CHROMIUM_PATH)
import { chromium } from "@playwright/test";
import { createChallenge, randomInt, solveChallenge, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/web/pbkdf2";
import { percentile, startApp } from "./lib.mjs";

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 30);
const VERIFICATIONS = 5_000;
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const ms = (value) => `${value.toFixed(0)} ms`;

async function browserSolveTimes(origin) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update"],
  });
  try {
    const page = await browser.newPage();
    await page.goto(`${origin}/contact`);
    // Starting on the form loads the widget (our bundle) and solves a first proof: the warm-up.
    await page.getByLabel("Name").first().focus();
    await page.locator('[data-human-check="verified"]').first().waitFor({ timeout: 60_000 });
    const workers = await page.evaluate(() => document.querySelector("altcha-widget").getConfiguration().workers);
    const samples = [];
    for (let i = 0; i < SAMPLES; i++) {
      samples.push(
        await page.evaluate(async () => {
          const widget = document.querySelector("altcha-widget");
          widget.reset();
          const started = performance.now();
          const result = await widget.verify();
          if (!result?.payload) throw new Error("no proof");
          return performance.now() - started;
        }),
      );
    }
    return { samples, workers };
  } finally {
    await browser.close();
  }
}

/** Server side, measured under Node: a challenge as the Worker issues it, verified VERIFICATIONS times. */
async function verificationCost() {
  const secrets = { hmacSignatureSecret: "a".repeat(64), hmacKeySignatureSecret: "b".repeat(64) };
  const issue = () =>
    createChallenge({
      algorithm: "PBKDF2/SHA-256",
      cost: 1_000,
      counter: randomInt(5_000, 1_000),
      deriveKey,
      expiresAt: Math.floor(Date.now() / 1000) + 300,
      ...secrets,
    });
  const challenge = await issue();
  const issueStarted = performance.now();
  for (let i = 0; i < 50; i++) await issue();
  const issueMs = (performance.now() - issueStarted) / 50;
  const solution = await solveChallenge({ challenge, deriveKey });
  for (let i = 0; i < 200; i++) await verifySolution({ challenge, solution, deriveKey, ...secrets });
  const cpuStart = process.cpuUsage();
  const wallStart = performance.now();
  for (let i = 0; i < VERIFICATIONS; i++) {
    const result = await verifySolution({ challenge, solution, deriveKey, ...secrets });
    if (!result.verified) throw new Error("not verified");
  }
  const wall = performance.now() - wallStart;
  const cpu = process.cpuUsage(cpuStart);
  return { issueMs, wallUs: (wall * 1000) / VERIFICATIONS, cpuUs: (cpu.user + cpu.system) / VERIFICATIONS };
}

const server = await verificationCost();
const { origin, stop } = await startApp({ readyPath: "/robots.txt" });
try {
  const { samples, workers } = await browserSolveTimes(origin);
  console.log(`ALTCHA proof of work: PBKDF2/SHA-256, cost 1000, secret counter in 1,000–5,000 (production settings)\n`);
  console.log(`Browser (Chromium ${CHROMIUM_PATH}, ${workers} Web Workers, ${SAMPLES} proofs on /contact, challenge fetch included):`);
  console.log(
    `  p50 ${ms(percentile(samples, 50))}, p95 ${ms(percentile(samples, 95))}, min ${ms(Math.min(...samples))}, max ${ms(Math.max(...samples))}`,
  );
  console.log(`\nServer, per verification (same Web Crypto code under Node ${process.version}, ${VERIFICATIONS} in a row):`);
  console.log(`  CPU ${server.cpuUs.toFixed(1)} µs, wall ${server.wallUs.toFixed(1)} µs (two HMAC-SHA-256 checks; no key derivation)`);
  console.log(`  issuing one challenge: ${server.issueMs.toFixed(2)} ms (one PBKDF2 derivation of 1000 iterations, plus key import)`);
} finally {
  await stop();
}
