// What a browser test uses: a page of the running app, opened like a person would, ready to click.
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { inject } from "vitest";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

// Without the background-networking flags Chromium tries to reach Google's hosts at start-up.
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

let browser: Promise<Browser> | undefined;

export function baseURL() {
  return inject("baseURL");
}

function getBrowser() {
  browser ??= chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  return browser;
}

export async function closeBrowser() {
  if (browser) await (await browser).close();
  browser = undefined;
}

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 390, height: 844 };

export type OpenedPage = {
  page: Page;
  context: BrowserContext;
  /** Every URL the page requested, in order. */
  requests: string[];
  /** Console messages as "type: text". */
  console: string[];
};

type OpenOptions = {
  viewport?: { width: number; height: number };
  /** Runs before navigation, e.g. to install a fake clock or seed local storage. */
  beforeLoad?: (page: Page) => Promise<void>;
};

/** Opens `path` in a fresh browser context and waits until React has hydrated the page. */
export async function openPage(path: string, { viewport = DESKTOP, beforeLoad }: OpenOptions = {}): Promise<OpenedPage> {
  const context = await (await getBrowser()).newContext({ baseURL: baseURL(), viewport });
  const page = await context.newPage();
  const requests: string[] = [];
  const consoleMessages: string[] = [];
  page.on("request", (request) => requests.push(request.url()));
  page.on("console", (message) => consoleMessages.push(`${message.type()}: ${message.text()}`));
  if (beforeLoad) await beforeLoad(page);
  await page.goto(path);
  await waitForHydration(page);
  return { page, context, requests, console: consoleMessages };
}

export async function waitForHydration(page: Page) {
  await page.waitForSelector("html[data-hydrated]", { timeout: 15_000 });
}

/**
 * Waits for a toast whose title is `title` and returns its whole text (title and description).
 * Earlier toasts may still be on screen, so the toast is picked by its title.
 */
export async function toastText(page: Page, title: string) {
  const toast = page.locator("[data-sonner-toast]", { has: page.locator("[data-title]", { hasText: title }) }).first();
  await toast.waitFor({ state: "visible" });
  return (await toast.innerText()).replace(/\s+/g, " ").trim();
}
