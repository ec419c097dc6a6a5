// Opening the app's pages the way a person would, and the parts of them that many tests look at.
import { expect, type Locator, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import path from "node:path";

/** Whether this run has Apertium APY (playwright.config.ts decides; never false under CI=true). */
export const apertiumAvailable = process.env.PARLEY_TEST_APERTIUM !== "0";
export const APERTIUM_MISSING = "Apertium APY is not installed here";

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 390, height: 844 };

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The root layout marks <html> once React has hydrated: before that, clicks may land on dead markup. */
export async function expectHydrated(page: Page) {
  await expect(page.locator("html[data-hydrated]")).toBeAttached({ timeout: 15_000 });
}

/** Goes to `path` and waits until the page answers to clicks. */
export async function visit(page: Page, path: string) {
  await page.goto(path);
  await expectHydrated(page);
}

/** Reloads and waits until the page answers to clicks again. */
export async function reload(page: Page) {
  await page.reload();
  await expectHydrated(page);
}

/** The toast whose title is `title` (earlier toasts may still be on screen, so it is picked by its title). */
export function toast(page: Page, title: string): Locator {
  return page.locator("[data-sonner-toast]", { has: page.locator("[data-title]", { hasText: title }) }).first();
}

/** Waits for the toast titled `title` and checks its words (title and description, which are separate blocks). */
export async function expectToast(page: Page, title: string, text: string | RegExp = title) {
  await expect(toast(page, title)).toContainText(text, { useInnerText: true });
}

/** Where the page is, as path and query (for comparing with what a link or redirect should lead to). */
export function pathOf(page: Page) {
  const { pathname, search } = new URL(page.url());
  return pathname + search;
}

/**
 * Stops the page's fake clock (installed before the page loaded): from here on, the page's timers (arming,
 * auto-close, reset) fire only when the test moves time on, however slow the machine is. Returns how long the
 * page has existed in its own time, an upper bound for how long ago its timers were started.
 */
export async function pauseClock(page: Page): Promise<number> {
  const { wall, sinceLoad } = await page.evaluate(() => ({ wall: Date.now(), sinceLoad: performance.now() }));
  // pauseAt cannot go back in time: a little ahead of the page's clock, which runs on until the call lands.
  const ahead = 1_000;
  await page.clock.pauseAt(wall + ahead);
  return sinceLoad + ahead;
}

/** What the served app has logged so far (test/browser/support/serve.mjs keeps wrangler's output there). */
export function serverLog(): string {
  const folder = process.env.PARLEY_BROWSER_STATE;
  if (!folder) throw new Error("PARLEY_BROWSER_STATE is not set (playwright.config.ts sets it)");
  return readFileSync(path.join(folder, "server.log"), "utf8");
}

/**
 * With the page's clock paused, waits for `locator` while letting the clock move in small steps: the human check
 * (docs/decisions/0018-bot-protection.md) solves in Web Workers in real time, then settles on a timer tick.
 */
export async function expectVisibleWithClock(page: Page, locator: Locator) {
  await expect
    .poll(
      async () => {
        await page.clock.runFor(10);
        return locator.isVisible();
      },
      { timeout: 30_000 },
    )
    .toBe(true);
}
