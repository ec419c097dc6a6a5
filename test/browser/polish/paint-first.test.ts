// A page paints from its HTML before it fetches the JavaScript that hydrates it (app/lib/hydrate-after-paint.server.ts,
// docs/decisions/0029-lighthouse-and-social-images.md), and then hydrates all the same.
import type { Page } from "@playwright/test";
import { visit } from "../support/app";
import { expect, test } from "../support/fixtures";

/** Records how many scripts and module preloads each change to the document brings. */
async function recordReleaseBatches(page: Page) {
  await page.addInitScript(() => {
    const batches: number[] = [];
    (window as unknown as { releaseBatches: number[] }).releaseBatches = batches;
    new MutationObserver((records) => {
      for (const record of records) {
        const released = [...record.addedNodes].filter(
          (node) => node instanceof HTMLScriptElement || (node instanceof HTMLLinkElement && node.rel === "modulepreload"),
        ).length;
        if (released) batches.push(released);
      }
    }).observe(document, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { releaseBatches: number[] }).releaseBatches);
}

test("a hidden tab takes its scripts in one change, without waiting on its slowed timers, and hydrates", async ({ page }) => {
  await page.addInitScript(() => Object.defineProperty(document, "visibilityState", { get: () => "hidden" }));
  const batches = await recordReleaseBatches(page);
  await visit(page, "/");
  expect(Math.max(...(await batches()))).toBeGreaterThan(3);
});

for (const path of ["/", "/translate", "/blog"]) {
  test(`${path} paints before it fetches its scripts, then hydrates`, async ({ page }) => {
    // The scripts come a few at a time, each batch in its own task, so that no one task is long enough to block a tap.
    const releaseBatches = await recordReleaseBatches(page);
    await visit(page, path);
    const batches = await releaseBatches();
    expect(batches.length).toBeGreaterThan(1);
    expect(Math.max(...batches)).toBeLessThanOrEqual(3);
    const timings = await page.evaluate(() => ({
      firstPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
      scripts: performance
        .getEntriesByType("resource")
        .map((entry) => entry as PerformanceResourceTiming)
        .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
        .map((entry) => ({ name: entry.name, fetchStart: entry.fetchStart })),
      liveModulePreloads: [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => link.href),
    }));
    expect(timings.firstPaint).not.toBeNull();
    expect(timings.scripts.length).toBeGreaterThan(2);
    for (const script of timings.scripts) expect(script.fetchStart, script.name).toBeGreaterThanOrEqual(timings.firstPaint ?? 0);
    expect(timings.liveModulePreloads.length).toBeGreaterThan(2);
    // Hydration adopted the released preloads as the ones React Router rendered, and added none of its own.
    expect(new Set(timings.liveModulePreloads).size).toBe(timings.liveModulePreloads.length);
  });
}

test("the translator's scripts build no form schemas while the page loads (the browser's bundle drops those it never reads)", async ({ page }) => {
  // zod's code names its internals `_zod`; no other module the browser loads does. vite.config.ts names the schema
  // builders pure, so the schemas only the server reads are not built in the browser, nor is their library fetched.
  const scripts: Promise<string>[] = [];
  page.on("response", (response) => {
    if (new URL(response.url()).pathname.endsWith(".js")) scripts.push(response.text());
  });
  await visit(page, "/translate");
  const bodies = await Promise.all(scripts);
  expect(bodies.length).toBeGreaterThan(2);
  expect(bodies.filter((body) => body.includes("_zod"))).toHaveLength(0);
});
